import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ServerNotification } from '#common/api';
import type { PublicRequestStatus } from '#common/card-api';
import {
  listen,
  liveStreams,
  nextEventOf,
  openEventStream,
  type EventStream,
} from '../../testing/event-stream';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { markSeen, reply } from '../../testing/request-fixtures';
import { aCard, last4, sentThroughCard } from '../../testing/card-fixtures';

let t: TestApp;
let base: string;
beforeAll(async () => {
  t = await createTestApp();
  base = await listen(t.app);
});
afterAll(() => t.close());

const DAY_MS = 24 * 60 * 60_000;

const status = (token: string) => t.inject({ method: 'GET', url: `/api/public/requests/${token}` });

/** A stranger's request through a fresh owner's card: the owner, and the stranger's status token. */
async function aCardRequest(ownerOverrides: Record<string, unknown> = {}) {
  const { owner, vehicle, card } = await aCard(t, ownerOverrides);
  const created = await sentThroughCard(t, card.code, {
    plateLast4: last4(vehicle),
    templateKey: 'blocking',
  });
  return { owner, vehicle, card, ...created };
}

const opened: EventStream[] = [];
afterEach(() => {
  for (const stream of opened.splice(0)) stream.close();
});

/** The stranger's status stream, checked to begin with `ready` and the status as it is. */
async function statusStream(token: string): Promise<{ stream: EventStream; first: PublicRequestStatus }> {
  const stream = await openEventStream(`${base}/api/public/requests/${token}/events`);
  opened.push(stream);
  expect(stream.response.headers.get('content-type')).toBe('text/event-stream');
  expect(await stream.next()).toEqual({ event: 'ready', data: '{}' });
  return { stream, first: await nextStatus(stream) };
}

async function nextStatus(stream: EventStream): Promise<PublicRequestStatus> {
  const frame = await stream.nextEvent();
  expect(frame?.event).toBe('status');
  return JSON.parse(frame?.data ?? 'null') as PublicRequestStatus;
}

describe('GET /api/public/requests/{statusToken}', () => {
  it('shows when the request was sent, and nothing else yet', async () => {
    const { statusToken } = await aCardRequest();
    const response = await status(statusToken);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      sentAt: t.clock.now().toISOString(),
      deliveredAt: null,
      seenAt: null,
      reply: null,
      fallbacks: [],
    });
  });

  it('shows that the owner saw it and answered, with the answer', async () => {
    const { owner, requestId, statusToken } = await aCardRequest();
    t.clock.advance(1000);
    await markSeen(t, owner, [requestId]);
    const seenAt = t.clock.now().toISOString();
    t.clock.advance(1000);
    await reply(t, owner, {
      notificationId: requestId,
      kind: 'five_minutes',
      text: 'Sorry',
    });
    expect((await status(statusToken)).json()).toMatchObject({
      deliveredAt: seenAt,
      seenAt,
      reply: { kind: 'five_minutes', text: 'Sorry', at: t.clock.now().toISOString() },
    });
  });

  it('keeps delivered and seen to itself when the owner shares no read receipts, but not the answer', async () => {
    const { owner, requestId, statusToken } = await aCardRequest();
    await t.inject({
      method: 'PATCH',
      url: '/api/users/updateProfile',
      payload: { shareReadReceipts: false },
      headers: owner.headers,
    });
    await reply(t, owner, { notificationId: requestId, kind: 'coming_now' });
    expect((await status(statusToken)).json()).toMatchObject({
      deliveredAt: null,
      seenAt: null,
      reply: { kind: 'coming_now' },
    });
  });

  it('lives 24 hours: then, as for an unknown token, 404', async () => {
    const { statusToken } = await aCardRequest();
    t.clock.advance(DAY_MS - 1);
    expect((await status(statusToken)).statusCode).toBe(200);
    t.clock.advance(1);
    const expired = await status(statusToken);
    expect(expired.statusCode).toBe(404);
    const unknown = await status('not-a-token');
    expect({ status: unknown.statusCode, body: unknown.body }).toEqual({ status: 404, body: expired.body });
    expect((await openEventStream(`${base}/api/public/requests/${statusToken}/events`)).response.status).toBe(
      404,
    );
  });

  it('keeps only a hash of the token', async () => {
    const { statusToken } = await aCardRequest();
    const rows = await t.app.database.db.query.publicStatusTokens.findMany();
    expect(JSON.stringify(rows)).not.toContain(statusToken);
  });
});

describe('the status stream /api/public/requests/{statusToken}/events', () => {
  const connectOwner = liveStreams();

  it('starts with the status as it is, then carries each change: seen, then the answer', async () => {
    const { owner, requestId, statusToken } = await aCardRequest();
    const { stream, first } = await statusStream(statusToken);
    expect(first).toEqual((await status(statusToken)).json());
    await markSeen(t, owner, [requestId]);
    expect(await nextStatus(stream)).toMatchObject({ seenAt: t.clock.now().toISOString(), reply: null });
    t.clock.advance(60_000);
    await reply(t, owner, { notificationId: requestId, kind: 'five_minutes' });
    const answered = await nextStatus(stream);
    expect(answered).toEqual({
      sentAt: first.sentAt,
      deliveredAt: expect.any(String),
      seenAt: expect.any(String),
      reply: { kind: 'five_minutes', at: t.clock.now().toISOString() },
      fallbacks: [],
    });
  });

  it('tells the stranger the request was delivered when the owner’s app receives it live', async () => {
    const { owner, vehicle, card } = await aCard(t);
    const ownerStream = await connectOwner(owner, base);
    const { statusToken } = await sentThroughCard(t, card.code, {
      plateLast4: last4(vehicle),
      text: 'Please move the car',
    });
    const received = await nextEventOf<ServerNotification>(ownerStream, 'notification');
    expect(received).toMatchObject({ via: 'card', senderId: { name: 'Someone at your vehicle' } });
    expect(received.senderId).not.toHaveProperty('phone');
    const { stream, first } = await statusStream(statusToken);
    const delivered = first.deliveredAt ? first : await nextStatus(stream);
    expect(delivered.deliveredAt).toBe(t.clock.now().toISOString());
  });
});
