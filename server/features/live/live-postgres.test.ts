import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { SendResponse, ServerNotification } from '#common/api';
import { endsWithin, type EventStream, listen, liveStreams, nextEventOf } from '../../testing/event-stream';
import { aNotification, aSentRequest, publish } from '../../testing/push-fixtures';
import { twoInstances, type SignedIn } from '../../testing/test-app';
import { addVehicle } from '../../testing/vehicle-fixtures';
import { NOTIFY_CHANNEL, type LiveEvent } from '../../domain/live/bus';
import { requestTopic, userTopic } from '../../domain/live/topics';
import { LISTENER_APPLICATION_NAME } from '../../db/pg-listener';
import { vehicles } from '../../db/schema';

/** Two server instances on one PostgreSQL database, as behind a load balancer. */
describe.runIf(process.env.TEST_DATABASE === 'postgres')('live notifications across instances', () => {
  const apps = twoInstances();
  const base: Record<'first' | 'second', string> = { first: '', second: '' };
  beforeAll(async () => {
    base.first = await listen(apps.first.app);
    base.second = await listen(apps.second.app);
  });

  const connect = liveStreams();

  const nextNotification = (stream: EventStream) => nextEventOf<ServerNotification>(stream, 'notification');

  it('streams a notification published on one instance to a receiver connected to the other', async () => {
    const receiver = await apps.first.signUp();
    const stream = await connect(receiver, base.second);
    const notification = publish(apps.first, receiver);
    expect(await nextNotification(stream)).toEqual(notification);
  });

  it('ends, within 5 s, the stream on one instance of a session signed out on the other', async () => {
    const user = await apps.first.signUp();
    const stream = await connect(user, base.second);
    const logout = await apps.first.inject({
      method: 'POST',
      url: '/api/users/logout',
      payload: {},
      headers: user.headers,
    });
    expect(logout.statusCode).toBe(200);
    expect(await endsWithin(stream, 5000)).toBe(true);
  });

  it('streams a message sent through one instance to its receiver on the other', async () => {
    const sender = await apps.first.signUp();
    const receiver = await apps.first.signUp();
    const { vehicleNumber } = await addVehicle(apps.first, receiver);
    const stream = await connect(receiver, base.second);
    const sent = await apps.first.inject({
      method: 'POST',
      url: '/api/users/sendNotification',
      payload: {
        receiverId: receiver.user._id,
        title: 'Vehicle Notification',
        body: `${vehicleNumber} blocks the gate`,
      },
      headers: sender.headers,
    });
    expect(sent.statusCode).toBe(201);
    expect((await nextNotification(stream))._id).toBe(sent.json<ServerNotification>()._id);
  });

  /** A notification to the receiver about one of their vehicles, sent through `app`. */
  async function sendNotification(app: typeof apps.first, sender: SignedIn, receiver: SignedIn) {
    const [vehicle] = await app.app.database.db
      .select({ vehicleNumber: vehicles.vehicleNumber })
      .from(vehicles)
      .where(eq(vehicles.ownerId, receiver.user._id));
    return app.inject({
      method: 'POST',
      url: '/api/users/sendNotification',
      payload: {
        receiverId: receiver.user._id,
        title: 'Vehicle Notification',
        body: `${vehicle?.vehicleNumber} blocks the gate`,
      },
      headers: sender.headers,
    });
  }

  it('streams a message to its receiver on the instance it was sent through too', async () => {
    const [sender, receiver] = [await apps.first.signUp(), await apps.first.signUp()];
    await addVehicle(apps.first, receiver);
    const stream = await connect(receiver, base.first);
    const sent = await sendNotification(apps.first, sender, receiver);
    expect(sent.statusCode).toBe(201);
    const { sentRequest: _sentRequest, ...asReceived } = sent.json<SendResponse>();
    expect(await nextNotification(stream)).toEqual(asReceived);
  });

  it('announces nothing of a refused send', async () => {
    const [sender, receiver] = [await apps.first.signUp(), await apps.first.signUp()];
    await addVehicle(apps.first, receiver);
    const first = await sendNotification(apps.first, sender, receiver);
    const stream = await connect(receiver, base.second);
    const block = await apps.second.inject({
      method: 'POST',
      url: '/api/users/blockSender',
      payload: { notificationId: first.json<ServerNotification>()._id },
      headers: receiver.headers,
    });
    expect(block.statusCode).toBe(200);
    expect((await sendNotification(apps.first, sender, receiver)).statusCode).toBe(403);
    const afterwards = publish(apps.first, receiver);
    expect(await nextNotification(stream)).toEqual(afterwards);
  });

  it('carries a change of a request followed by its status token to its listeners on the other instance', async () => {
    const requestId = randomUUID();
    const heard = new Promise<LiveEvent>((resolve) => {
      const stop = apps.second.app.notificationBus.subscribe(requestTopic(requestId), (event) => {
        stop();
        resolve(event);
      });
    });
    const request = aSentRequest(requestId);
    apps.first.app.notificationBus.publish({ kind: 'request', topic: requestTopic(requestId), request });
    expect(await heard).toEqual({ kind: 'request', request });
  });

  it('makes the receiver resync when a notification is too big for NOTIFY', async () => {
    const receiver = await apps.first.signUp();
    const stream = await connect(receiver, base.second);
    publish(apps.first, receiver, aNotification('ക'.repeat(3000)));
    expect(await stream.nextEvent()).toBeNull();
  });

  it('ignores a malformed NOTIFY payload', async () => {
    const receiver = await apps.first.signUp();
    const stream = await connect(receiver, base.second);
    const malformed = [
      '{"topic":',
      JSON.stringify({ topic: userTopic(receiver.user._id), notification: 7 }),
      JSON.stringify({
        topic: { kind: 'vehicle', userId: receiver.user._id },
        notification: aNotification(),
      }),
      // The wire format before topics: a user named in a bare field.
      JSON.stringify({ receiverId: receiver.user._id, notification: aNotification() }),
    ];
    for (const payload of malformed) {
      await apps.first.app.database.db.execute(sql`select pg_notify(${NOTIFY_CHANNEL}, ${payload})`);
    }
    const notification = publish(apps.first, receiver);
    expect(await nextNotification(stream)).toEqual(notification);
  });

  it('listens again after losing its connection, and makes its streams resync', async () => {
    const receiver = await apps.first.signUp();
    const before = await connect(receiver, base.second);
    await apps.first.app.database.db.execute(
      sql`select pg_terminate_backend(pid) from pg_stat_activity
          where datname = current_database() and application_name = ${LISTENER_APPLICATION_NAME}`,
    );
    expect(await before.nextEvent()).toBeNull();
    const after = await connect(receiver, base.second);
    const notification = publish(apps.first, receiver);
    expect(await nextNotification(after)).toEqual(notification);
  });
});
