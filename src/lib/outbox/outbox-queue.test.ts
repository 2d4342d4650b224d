import { waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { readWorkerSession } from '#common/worker-store';
import { appStore } from '../../lib/store';
import { aUser } from '../../testing/fixtures';
import { jsonResponse, stubFetch } from '../../testing/render';
import { startOutbox } from './outbox-queue';
import { tokenAtom } from '../../lib/token';
import { userAtom } from '../../state/user';

let stop: (() => void) | undefined;
afterEach(() => stop?.());

describe('the outbox while a signed-in screen is open', () => {
  it('hands the session to the service worker once the user arrives after the screen opened', async () => {
    stubFetch(() => jsonResponse([]));
    appStore.set(tokenAtom, 'token-of-the-session');
    appStore.set(userAtom, null);
    stop = startOutbox();
    expect(await readWorkerSession()).toBeNull();
    appStore.set(userAtom, aUser({ _id: 'user-arrived-late' }));
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
    appStore.set(tokenAtom, 'token-of-the-session');
    appStore.set(userAtom, aUser({ _id: 'user-1', language: 'en' }));
    stop = startOutbox();
    await waitFor(async () => expect((await readWorkerSession())?.language).toBe('en'));
    appStore.set(userAtom, aUser({ _id: 'user-1', language: 'ml' }));
    await waitFor(async () => expect((await readWorkerSession())?.language).toBe('ml'));
  });
});
