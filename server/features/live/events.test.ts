import { once } from 'node:events';
import { connect as connectTcp } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ServerNotification } from '#common/api';
import {
  type EventStream,
  listen,
  liveStreams,
  nextEventOf,
  openEventStream,
} from '../../testing/event-stream';
import { createTestApp, type SignedIn, type TestApp } from '../../testing/test-app';
import { addVehicle } from '../../testing/vehicle-fixtures';
import { aNotification, publish } from '../../testing/push-fixtures';
import { userTopic } from '../../domain/live/topics';

const STREAMS_PER_USER = 2;
let t: TestApp;
let base: string;
beforeAll(async () => {
  t = await createTestApp({
    env: { LIVE_HEARTBEAT_MS: '50', LIVE_STREAMS_PER_USER: String(STREAMS_PER_USER) },
  });
  base = await listen(t.app);
});
afterAll(() => t.close());

const openStream = liveStreams();
const connect = (who: SignedIn, at = base) => openStream(who, at);

const nextNotification = (stream: EventStream) => nextEventOf<ServerNotification>(stream, 'notification');

describe('GET /api/users/events', () => {
  it('answers 401 without a session', async () => {
    const response = await t.inject({ method: 'GET', url: '/api/users/events' });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ message: expect.any(String) });
  });

  it('answers 401 for a revoked session', async () => {
    const user = await t.signUp();
    await t.inject({ method: 'POST', url: '/api/users/logout', payload: {}, headers: user.headers });
    const response = await t.inject({ method: 'GET', url: '/api/users/events', headers: user.headers });
    expect(response.statusCode).toBe(401);
  });

  it('opens an uncached, unbuffered event stream with the ready event first', async () => {
    const user = await t.signUp();
    // connect() checks that the ready event comes first.
    const stream = await connect(user);
    expect(stream.response.status).toBe(200);
    expect(stream.response.headers.get('content-type')).toBe('text/event-stream');
    expect(stream.response.headers.get('cache-control')).toBe('no-store');
    expect(stream.response.headers.get('x-accel-buffering')).toBe('no');
    expect(stream.response.headers.get('content-encoding')).toBeNull();
  });

  it('streams a published notification to its receiver', async () => {
    const receiver = await t.signUp();
    const stream = await connect(receiver);
    const notification = publish(t, receiver);
    expect(await nextNotification(stream)).toEqual(notification);
  });

  it('streams a notification to every open app of the receiver', async () => {
    const receiver = await t.signUp();
    const phone = await connect(receiver);
    const laptop = await connect(receiver);
    const notification = publish(t, receiver);
    expect(await nextNotification(phone)).toEqual(notification);
    expect(await nextNotification(laptop)).toEqual(notification);
  });

  it('does not stream a notification to anyone but its receiver', async () => {
    const receiver = await t.signUp();
    const bystander = await t.signUp();
    const receiverStream = await connect(receiver);
    const bystanderStream = await connect(bystander);
    const forReceiver = publish(t, receiver);
    expect(await nextNotification(receiverStream)).toEqual(forReceiver);
    const forBystander = publish(t, bystander);
    expect(await nextNotification(bystanderStream)).toEqual(forBystander);
  });

  it('streams a notification sent through the API', async () => {
    const sender = await t.signUp();
    const receiver = await t.signUp();
    const { vehicleNumber } = await addVehicle(t, receiver);
    const stream = await connect(receiver);
    const sent = await t.inject({
      method: 'POST',
      url: '/api/users/sendNotification',
      payload: {
        receiverId: receiver.user._id,
        title: 'Vehicle Notification',
        body: `Please move ${vehicleNumber}`,
      },
      headers: sender.headers,
    });
    expect(sent.statusCode).toBe(201);
    const streamed = await nextNotification(stream);
    expect(streamed._id).toBe(sent.json<ServerNotification>()._id);
    expect(streamed.content).toBe(`Please move ${vehicleNumber}`);
  });

  it('sends a heartbeat comment while nothing happens', async () => {
    const stream = await connect(await t.signUp());
    expect(await stream.next()).toEqual({ comment: 'ping' });
  });

  it('forgets the listener when the client disconnects', async () => {
    const user = await t.signUp();
    const stream = await connect(user);
    expect(t.app.notificationBus.listenerCount(userTopic(user.user._id))).toBe(1);
    stream.close();
    await vi.waitFor(() => expect(t.app.notificationBus.listenerCount(userTopic(user.user._id))).toBe(0), {
      timeout: 10_000,
    });
  });

  it(`keeps at most ${STREAMS_PER_USER} streams per user, ending the oldest`, async () => {
    const user = await t.signUp();
    const oldest = await connect(user);
    const streams = [await connect(user), await connect(user)];
    expect(await oldest.nextEvent()).toBeNull();
    expect(t.app.notificationBus.listenerCount(userTopic(user.user._id))).toBe(STREAMS_PER_USER);
    const notification = publish(t, user, aNotification('Still here'));
    for (const stream of streams) expect(await nextNotification(stream)).toEqual(notification);
  });
});

describe('closing the server', () => {
  it('ends the open streams instead of waiting for them', async () => {
    const own = await createTestApp();
    try {
      const stream = await openEventStream(
        `${await listen(own.app)}/api/users/events`,
        (await own.signUp()).headers,
      );
      expect(await stream.next()).toEqual({ event: 'ready', data: '{}' });
      await own.app.close();
      expect(await stream.nextEvent()).toBeNull();
    } finally {
      await own.close();
    }
  });

  it('does not wait for a socket that never sent a request', async () => {
    const own = await createTestApp();
    try {
      const { hostname, port } = new URL(await listen(own.app));
      const spare = connectTcp(Number(port), hostname);
      await once(spare, 'connect');
      const connections = () =>
        new Promise((resolve) => own.app.server.getConnections((_e, count) => resolve(count)));
      await vi.waitFor(async () => expect(await connections()).toBe(1), { timeout: 10_000 });
      const closed = once(spare, 'close');
      await own.app.close();
      await closed;
    } finally {
      await own.close();
    }
  });
});
