import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { clearWorkerStore, saveWorkerSession } from '#common/worker-store';
import { readSessionLanguage } from './worker-session';

afterEach(() => clearWorkerStore());

describe('readSessionLanguage', () => {
  it('is the language the page saved with the session', async () => {
    await saveWorkerSession({ userId: 'user-1', token: 'token-1', language: 'ml' });
    expect(await readSessionLanguage()).toBe('ml');
  });

  it('is English without a session (after a logout)', async () => {
    expect(await readSessionLanguage()).toBe('en');
  });

  it('is English for a session saved before the language was', async () => {
    await saveWorkerSession({ userId: 'user-1', token: 'token-1' });
    expect(await readSessionLanguage()).toBe('en');
  });
});
