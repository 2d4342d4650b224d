import { describe, expect, it } from 'vitest';
import { appStore } from '../lib/store';
import { aSentRequest } from '../testing/fixtures';
import {
  addSentRequest,
  latestOpenRequestAtom,
  sentRequestsAtom,
  setSentRequests,
  upsertSentRequest,
} from './sent-requests';

const AN_HOUR_MS = 60 * 60_000;

/** The request the dashboard shows as open when these are the sent requests. */
function latestOpenOf(list: Parameters<typeof setSentRequests>[0]) {
  setSentRequests(list);
  return appStore.get(latestOpenRequestAtom);
}

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

  it('finds the latest request while it is unanswered and less than an hour old', () => {
    const now = Date.now();
    const open = aSentRequest({ sentAt: new Date(now - 60_000).toISOString() });
    expect(latestOpenOf([open])).toEqual(open);
    expect(latestOpenOf([{ ...open, reply: { kind: 'coming_now', at: open.sentAt } }])).toBeUndefined();
    const stale = aSentRequest({ sentAt: new Date(now - AN_HOUR_MS).toISOString() });
    expect(latestOpenOf([stale])).toBeUndefined();
    expect(latestOpenOf([])).toBeUndefined();
  });
});
