import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SentRequest } from '#common/api';
import { type EventStream, listen, liveStreams, nextEventOf } from '../../testing/event-stream';
import { createTestApp, type SignedIn, type TestApp } from '../../testing/test-app';
import { aRequest, addNumberedVehicle, markSeen, messageAbout, reply } from '../../testing/request-fixtures';
import { updateProfile } from '../../testing/user-api';

let t: TestApp;
let base: string;
beforeAll(async () => {
  t = await createTestApp();
  base = await listen(t.app);
});
afterAll(() => t.close());

const openStream = liveStreams();
const connect = (who: SignedIn) => openStream(who, base);

const nextRequest = (stream: EventStream) => nextEventOf<SentRequest>(stream, 'request');

describe('the sender follows a request live', () => {
  it('hears that it was delivered when it reached a live stream of the receiver', async () => {
    const [sender, owner] = [await t.signUp(), await t.signUp()];
    const vehicle = await addNumberedVehicle(t, owner);
    const [senderStream, ownerStream] = [await connect(sender), await connect(owner)];
    const notification = await messageAbout(t, sender, owner, vehicle._id);
    expect((await ownerStream.nextEvent())?.event).toBe('notification');
    expect(await nextRequest(senderStream)).toMatchObject({
      _id: notification._id,
      deliveredAt: t.clock.now().toISOString(),
      seenAt: null,
      reply: null,
    });
  });

  it('hears nothing while the receiver has no stream open (the request stays "sent")', async () => {
    const { sender, owner, notification } = await aRequest(t);
    const senderStream = await connect(sender);
    await markSeen(t, owner, [notification._id]);
    const update = await nextRequest(senderStream);
    // The first change the sender hears of is "seen": nothing said it was delivered before.
    expect(update).toMatchObject({ _id: notification._id, seenAt: t.clock.now().toISOString() });
  });

  it('hears that it was seen', async () => {
    const { sender, owner, notification } = await aRequest(t);
    const senderStream = await connect(sender);
    t.clock.advance(5000);
    await markSeen(t, owner, [notification._id]);
    expect(await nextRequest(senderStream)).toMatchObject({ seenAt: t.clock.now().toISOString() });
  });

  it('hears the answer', async () => {
    const { sender, owner, notification } = await aRequest(t);
    const senderStream = await connect(sender);
    await reply(t, owner, { notificationId: notification._id, kind: 'five_minutes', text: 'Sorry!' });
    expect(await nextRequest(senderStream)).toMatchObject({
      _id: notification._id,
      reply: { kind: 'five_minutes', text: 'Sorry!', at: t.clock.now().toISOString() },
    });
  });

  it('is told nothing about requests of others', async () => {
    const { owner, notification } = await aRequest(t);
    const bystander = await t.signUp();
    const stream = await connect(bystander);
    await reply(t, owner, { notificationId: notification._id, kind: 'coming_now' });
    // The bystander's next event is their own notification, not the answer above.
    const ownVehicle = await addNumberedVehicle(t, bystander);
    await messageAbout(t, owner, bystander, ownVehicle._id);
    expect((await stream.nextEvent())?.event).toBe('notification');
  });
});

describe('a receiver who does not share read receipts', () => {
  it('tells the sender neither the delivery nor the look, only the answer, with no times', async () => {
    const [sender, owner] = [await t.signUp(), await t.signUp()];
    await updateProfile(t, owner, { shareReadReceipts: false });
    const vehicle = await addNumberedVehicle(t, owner);
    const [senderStream, ownerStream] = [await connect(sender), await connect(owner)];
    const notification = await messageAbout(t, sender, owner, vehicle._id);
    expect((await ownerStream.nextEvent())?.event).toBe('notification');
    await markSeen(t, owner, [notification._id]);
    await reply(t, owner, { notificationId: notification._id, kind: 'coming_now' });
    // The sender's first update is the answer: the delivery and the look were not announced.
    expect(await nextRequest(senderStream)).toMatchObject({
      _id: notification._id,
      deliveredAt: null,
      seenAt: null,
      reply: { kind: 'coming_now', at: t.clock.now().toISOString() },
    });
  });
});
