import { describe, expect, it } from 'vitest';
import type { SentRequest } from '#common/api';
import { appStore } from '../lib/store';
import {
  OPEN_REQUEST_MS,
  addSentRequest,
  latestOpenRequest,
  sentRequestsAtom,
  upsertSentRequest,
} from './sent-requests';

const aRequest = (fields: Partial<SentRequest> = {}): SentRequest => ({
  _id: 'r-1',
  vehicleNumber: 'KL07AB1234',
  content: 'Please move',
  sentAt: new Date().toISOString(),
  deliveredAt: null,
  seenAt: null,
  reply: null,
  reminderSentAt: null,
  ...fields,
});

describe('sent requests', () => {
  it('replaces a request by a newer view of it, keeping the newest first', () => {
    const older = aRequest({ _id: 'old', sentAt: '2026-11-21T09:00:00.000Z' });
    const newer = aRequest({ _id: 'new', sentAt: '2026-11-21T09:05:00.000Z' });
    upsertSentRequest(older);
    upsertSentRequest(newer);
    upsertSentRequest({ ...older, seenAt: '2026-11-21T09:06:00.000Z' });
    expect(appStore.get(sentRequestsAtom).map((item) => [item._id, item.seenAt])).toEqual([
      ['new', null],
      ['old', '2026-11-21T09:06:00.000Z'],
    ]);
  });

  it('does not let a just-sent copy overwrite what the live channel already said', () => {
    const delivered = aRequest({ deliveredAt: new Date().toISOString() });
    upsertSentRequest(delivered);
    addSentRequest(
      { _id: delivered._id, content: delivered.content, sentAt: delivered.sentAt },
      'KL07AB1234',
    );
    expect(appStore.get(sentRequestsAtom)).toEqual([delivered]);
  });

  it('finds the latest request while it is unanswered and recent', () => {
    const now = Date.now();
    const open = aRequest({ sentAt: new Date(now - 60_000).toISOString() });
    expect(latestOpenRequest([open], now)).toEqual(open);
    expect(
      latestOpenRequest([{ ...open, reply: { kind: 'coming_now', at: open.sentAt } }], now),
    ).toBeUndefined();
    const stale = aRequest({ sentAt: new Date(now - OPEN_REQUEST_MS).toISOString() });
    expect(latestOpenRequest([stale], now)).toBeUndefined();
    expect(latestOpenRequest([], now)).toBeUndefined();
  });
});
