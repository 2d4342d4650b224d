import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { PushData, ServerNotification } from '#common/api';
import { templateText } from '#common/message-templates';
import type { SentRequest } from '#common/api';
import { notifications } from '../../db/schema';
import { textsFor } from '../../i18n/texts';
import { listen, liveStreams } from '../../testing/event-stream';
import { createTestApp, type SignedIn, type TestApp } from '../../testing/test-app';
import { aRequest, addVehicle, markSeen, messageAbout, reply, sentRequests } from './test-helpers';

const REMINDER_AFTER_S = 1;
let t: TestApp;
let base: string;
beforeAll(async () => {
  t = await createTestApp({ env: { REMINDER_AFTER_S: String(REMINDER_AFTER_S) } });
  base = await listen(t.app);
});
afterAll(() => t.close());

afterEach(() => {
  vi.restoreAllMocks();
});

const openStream = liveStreams();
const connect = (who: SignedIn) => openStream(who, base);

const reminderOf = async (id: string) =>
  (await t.app.database.db.select().from(notifications).where(eq(notifications.id, id)))[0]?.reminderSentAt;

/** Waits for the sweep (every second with REMINDER_AFTER_S=1) to have run at least twice more. */
const twoSweeps = () => new Promise((resolve) => setTimeout(resolve, 2500));

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe(`a reminder after REMINDER_AFTER_S`, () => {
  it('pushes an unseen request to the receiver once more, and tells its sender', async () => {
    const { sender, owner, notification } = await aRequest(t);
    const [senderStream, ownerStream] = [await connect(sender), await connect(owner)];
    t.clock.advance(REMINDER_AFTER_S * 1000);

    const reminded = JSON.parse((await ownerStream.nextEvent())?.data ?? 'null') as ServerNotification;
    expect(reminded).toEqual(notification);
    const told = JSON.parse((await senderStream.nextEvent())?.data ?? 'null') as SentRequest;
    expect(told).toMatchObject({ _id: notification._id, reminderSentAt: t.clock.now().toISOString() });
    expect((await sentRequests(t, sender))[0]?.reminderSentAt).toBe(t.clock.now().toISOString());
  });

  it("reminds the receiver in the receiver's language", async () => {
    const [sender, owner] = [await t.signUp({ language: 'en' }), await t.signUp({ language: 'ml' })];
    const { _id, vehicleNumber } = await addVehicle(t, owner);
    const publish = vi.spyOn(t.app.notificationBus, 'publish');
    await messageAbout(t, sender, owner, _id, templateText(textsFor('en'), 'blocking', vehicleNumber));
    t.clock.advance(REMINDER_AFTER_S * 1000);
    const toOwner = () =>
      publish.mock.calls.filter(([receiverId]) => receiverId === owner.user._id) as [
        string,
        ServerNotification,
        PushData,
      ][];
    // The message itself was announced with its insert: this is the reminder.
    const [[, reminded, push] = []] = await until(
      async () => toOwner(),
      (calls) => calls.length >= 1,
    );
    const malayalam = textsFor('ml');
    expect(reminded?.content).toBe(templateText(malayalam, 'blocking', vehicleNumber));
    expect(push?.title).toBe(malayalam._('server.request.reminderTitle', { title: reminded?.title }));
    expect(push?.language).toBe('ml');
  });

  it('reminds every request that fell due together, each naming its own sender', async () => {
    const [anita, biju, owner] = [
      await t.signUp({ name: 'Anita' }),
      await t.signUp({ name: 'Biju' }),
      await t.signUp(),
    ];
    const { _id } = await addVehicle(t, owner);
    const publish = vi.spyOn(t.app.notificationBus, 'publish');
    const fromAnita = await messageAbout(t, anita, owner, _id);
    const fromBiju = await messageAbout(t, biju, owner, _id);
    t.clock.advance(REMINDER_AFTER_S * 1000);
    const reminded = await until(
      async () => publish.mock.calls.filter(([receiverId]) => receiverId === owner.user._id),
      (calls) => calls.length >= 2,
    );
    expect(Object.fromEntries(reminded.map(([, notification]) => [notification._id, notification]))).toEqual({
      [fromAnita._id]: fromAnita,
      [fromBiju._id]: fromBiju,
    });
  });

  it('does not remind before the time', async () => {
    const { notification } = await aRequest(t);
    t.clock.advance(REMINDER_AFTER_S * 1000 - 1);
    await twoSweeps();
    expect(await reminderOf(notification._id)).toBeNull();
  });

  it('reminds once per request', async () => {
    const { notification } = await aRequest(t);
    t.clock.advance(REMINDER_AFTER_S * 1000);
    const first = await until(
      () => reminderOf(notification._id),
      (at) => at !== null,
    );
    expect(first).not.toBeNull();
    t.clock.advance(REMINDER_AFTER_S * 1000);
    await twoSweeps();
    expect(await reminderOf(notification._id)).toEqual(first);
  });

  it('does not remind a request that was seen', async () => {
    const { owner, notification } = await aRequest(t);
    await markSeen(t, owner, [notification._id]);
    t.clock.advance(REMINDER_AFTER_S * 1000);
    await twoSweeps();
    expect(await reminderOf(notification._id)).toBeNull();
  });

  it('does not remind a request that was answered', async () => {
    const { owner, notification } = await aRequest(t);
    await reply(t, owner, { notificationId: notification._id, kind: 'cannot_come' });
    t.clock.advance(REMINDER_AFTER_S * 1000);
    await twoSweeps();
    expect(await reminderOf(notification._id)).toBeNull();
  });

  it('does not remind a request more than an hour past its time', async () => {
    const { notification } = await aRequest(t);
    t.clock.advance(REMINDER_AFTER_S * 1000 + 61 * 60_000);
    await twoSweeps();
    expect(await reminderOf(notification._id)).toBeNull();
  });
});
