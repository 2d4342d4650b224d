import { describe, expect, it } from 'vitest';
import { appStore } from '../lib/store';
import { aSentRequest } from '../testing/fixtures';
import {
  OPEN_REQUEST_MS,
  addSentRequest,
  latestOpenRequest,
  sentRequestsAtom,
  upsertSentRequest,
} from './sent-requests';

describe('sent requests', () => {
  it('replaces a request by a newer view of it, keeping the newest first', () => {
    const older = aSentRequest({ _id: 'old', sentAt: '2026-11-21T09:00:00.000Z' });
    const newer = aSentRequest({ _id: 'new', sentAt: '2026-11-21T09:05:00.000Z' });
    upsertSentRequest(older);
    upsertSentRequest(newer);
    upsertSentRequest({ ...older, seenAt: '2026-11-21T09:06:00.000Z' });
    expect(appStore.get(sentRequestsAtom).map((item) => [item._id, item.seenAt])).toEqual([
      ['new', null],
      ['old', '2026-11-21T09:06:00.000Z'],
    ]);
  });

  it('adds a just-sent request as its send answered it', () => {
    const sent = aSentRequest({ _id: 'just-sent', vehicleNumber: null });
    addSentRequest(sent);
    expect(appStore.get(sentRequestsAtom)[0]).toEqual(sent);
  });

  it('does not let a just-sent copy overwrite what the live channel already said', () => {
    const delivered = aSentRequest({ deliveredAt: new Date().toISOString() });
    upsertSentRequest(delivered);
    addSentRequest({ ...delivered, deliveredAt: null });
    expect(appStore.get(sentRequestsAtom)).toEqual([delivered]);
  });

  it('finds the latest request while it is unanswered and recent', () => {
    const now = Date.now();
    const open = aSentRequest({ sentAt: new Date(now - 60_000).toISOString() });
    expect(latestOpenRequest([open], now)).toEqual(open);
    expect(
      latestOpenRequest([{ ...open, reply: { kind: 'coming_now', at: open.sentAt } }], now),
    ).toBeUndefined();
    const stale = aSentRequest({ sentAt: new Date(now - OPEN_REQUEST_MS).toISOString() });
    expect(latestOpenRequest([stale], now)).toBeUndefined();
    expect(latestOpenRequest([], now)).toBeUndefined();
  });
});
