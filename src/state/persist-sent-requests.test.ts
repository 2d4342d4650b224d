import { createStore, get, set } from 'idb-keyval';
import { afterEach, describe, expect, it } from 'vitest';
import { appStore, resetAppStore } from '../lib/store';
import { aSentRequest } from '../testing/fixtures';
import { persistIdle } from './persist';
import { sentRequestsAtom, setSentRequests, upsertSentRequest } from './sent-requests';
import { loadStoredSentRequests } from './persist-sent-requests';

const database = createStore('vahan-contact', 'state');

afterEach(async () => {
  await set('sentRequests', undefined, database);
});

describe('stored sent requests', () => {
  it('a restart puts the stored sent requests in the store before the shell renders', async () => {
    const open = aSentRequest({ _id: 'stored' });
    await set('sentRequests', [open], database);
    await loadStoredSentRequests();
    expect(appStore.get(sentRequestsAtom)).toEqual([open]);
  });

  it('keeps the stored copy up to date and removes it when the session ends', async () => {
    await loadStoredSentRequests();
    const sent = aSentRequest({ _id: 'sent-now' });
    upsertSentRequest(sent);
    await persistIdle();
    expect(await get('sentRequests', database)).toEqual([sent]);
    resetAppStore();
    await persistIdle();
    expect(await get('sentRequests', database)).toBeUndefined();
  });

  it('does not let the stored copy replace a list the session already fetched', async () => {
    await set('sentRequests', [aSentRequest({ _id: 'stored' })], database);
    const fetched = aSentRequest({ _id: 'fetched' });
    setSentRequests([fetched]);
    await loadStoredSentRequests();
    expect(appStore.get(sentRequestsAtom)).toEqual([fetched]);
  });

  it('ignores a stored copy that is not a list of sent requests', async () => {
    await set('sentRequests', [{ _id: 42 }], database);
    await loadStoredSentRequests();
    expect(appStore.get(sentRequestsAtom)).toEqual([]);
  });
});
