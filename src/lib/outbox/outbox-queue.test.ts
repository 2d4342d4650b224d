import { waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { readWorkerSession } from '#common/worker-store';
import { appStore } from '../store';
import { aUser } from '../../testing/fixtures';
import { jsonResponse, stubFetch } from '../../testing/render';
import { signIn } from '../../testing/session';
import { startOutbox } from './outbox-queue';
import { tokenAtom } from '../token';

let stop: (() => void) | undefined;
afterEach(() => stop?.());

describe('the outbox while a signed-in screen is open', () => {
  it('hands the session to the service worker once the user arrives after the screen opened', async () => {
    stubFetch(() => jsonResponse([]));
    appStore.set(tokenAtom, 'token-of-the-session');
    stop = startOutbox();
    expect(await readWorkerSession()).toBeNull();
    signIn(aUser({ _id: 'user-arrived-late' }), 'token-of-the-session');
    await waitFor(async () =>
      expect(await readWorkerSession()).toEqual({
        userId: 'user-arrived-late',
        token: 'token-of-the-session',
        language: 'en',
      }),
    );
  });

  it("hands the user's language to the service worker, and a change of it too", async () => {
    stubFetch(() => jsonResponse([]));
    signIn(aUser({ _id: 'user-1', language: 'en' }), 'token-of-the-session');
    stop = startOutbox();
    await waitFor(async () => expect((await readWorkerSession())?.language).toBe('en'));
    signIn(aUser({ _id: 'user-1', language: 'ml' }), 'token-of-the-session');
    await waitFor(async () => expect((await readWorkerSession())?.language).toBe('ml'));
  });
});
