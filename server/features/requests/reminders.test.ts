import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ServerNotification } from '#common/api';
import { templateText } from '#common/message-templates';
import type { SentRequest } from '#common/api';
import { requests } from '../../db/schema';
import { textsFor } from '../../i18n/texts';
import { published, type PublishSpy } from '../../testing/published';
import { listen, liveStreams } from '../../testing/event-stream';
import { createTestApp, type SignedIn, type TestApp } from '../../testing/test-app';
import { quietHoursNow } from '../../testing/quiet-hours';
import {
  aRequest,
  addNumberedVehicle,
  markSeen,
  messageAbout,
  reply,
  sentRequests,
} from '../../testing/request-fixtures';
import { post, updateProfile } from '../../testing/user-api';

// Its timer then sweeps every 5 s: the tests sweep themselves, at the time they set.
const REMINDER_AFTER_S = 60;
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

/** The reminders published to `receiver`: the requests themselves were announced with their insert. */
const remindersTo = (publish: PublishSpy, receiver: SignedIn) =>
  published(publish, 'notification', receiver.user._id).filter((publication) => !publication.announced);

const reminderOf = async (id: string) =>
  (await t.app.database.db.select().from(requests).where(eq(requests.id, id)))[0]?.reminderSentAt;

/** Advances the clock past the reminder time and runs a sweep at that time. */
async function sweepAfterReminderTime(): Promise<void> {
  t.clock.advance(REMINDER_AFTER_S * 1000);
  await t.app.requestReminders.sweep();
}

describe(`a reminder after REMINDER_AFTER_S`, () => {
  it('pushes an unseen request to the receiver once more, and tells its sender', async () => {
    const { sender, owner, notification } = await aRequest(t);
    const [senderStream, ownerStream] = [await connect(sender), await connect(owner)];
    await sweepAfterReminderTime();

    const reminded = JSON.parse((await ownerStream.nextEvent())?.data ?? 'null') as ServerNotification;
    expect(reminded).toEqual(notification);
    const told = JSON.parse((await senderStream.nextEvent())?.data ?? 'null') as SentRequest;
    expect(told).toMatchObject({ _id: notification._id, reminderSentAt: t.clock.now().toISOString() });
    expect((await sentRequests(t, sender))[0]?.reminderSentAt).toBe(t.clock.now().toISOString());
  });

  it("reminds the receiver in the receiver's language", async () => {
    const [sender, owner] = [await t.signUp({ language: 'en' }), await t.signUp({ language: 'ml' })];
    const { _id, vehicleNumber } = await addNumberedVehicle(t, owner);
    const publish = vi.spyOn(t.app.notificationBus, 'publish');
    await messageAbout(t, sender, owner, _id, templateText(textsFor('en'), 'blocking', vehicleNumber));
    await sweepAfterReminderTime();
    const [{ notification: reminded, push } = {}] = remindersTo(publish, owner);
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
    const { _id } = await addNumberedVehicle(t, owner);
    const publish = vi.spyOn(t.app.notificationBus, 'publish');
    const { sentRequest: _anita, ...fromAnita } = await messageAbout(t, anita, owner, _id);
    const { sentRequest: _biju, ...fromBiju } = await messageAbout(t, biju, owner, _id);
    await sweepAfterReminderTime();
    const reminded = remindersTo(publish, owner);
    expect(Object.fromEntries(reminded.map(({ notification }) => [notification._id, notification]))).toEqual({
      [fromAnita._id]: fromAnita,
      [fromBiju._id]: fromBiju,
    });
  });

  it('does not remind before the time', async () => {
    const { notification } = await aRequest(t);
    t.clock.advance(REMINDER_AFTER_S * 1000 - 1);
    await t.app.requestReminders.sweep();
    expect(await reminderOf(notification._id)).toBeNull();
  });

  it('reminds once per request', async () => {
    const { notification } = await aRequest(t);
    await sweepAfterReminderTime();
    const first = await reminderOf(notification._id);
    expect(first).not.toBeNull();
    await sweepAfterReminderTime();
    expect(await reminderOf(notification._id)).toEqual(first);
  });

  it('does not remind a request that was seen', async () => {
    const { owner, notification } = await aRequest(t);
    await markSeen(t, owner, [notification._id]);
    await sweepAfterReminderTime();
    expect(await reminderOf(notification._id)).toBeNull();
  });

  it('does not remind a request that was answered', async () => {
    const { owner, notification } = await aRequest(t);
    await reply(t, owner, { notificationId: notification._id, kind: 'cannot_come' });
    await sweepAfterReminderTime();
    expect(await reminderOf(notification._id)).toBeNull();
  });

  it('does not remind a request more than an hour past its time', async () => {
    const { notification } = await aRequest(t);
    t.clock.advance(61 * 60_000);
    await sweepAfterReminderTime();
    expect(await reminderOf(notification._id)).toBeNull();
  });

  it('reminds silently (no sound, no vibration) in the receiver’s quiet hours', async () => {
    const { owner, notification } = await aRequest(t);
    await updateProfile(t, owner, { quietHours: quietHoursNow(t) });
    const publish = vi.spyOn(t.app.notificationBus, 'publish');
    await sweepAfterReminderTime();
    const [{ notification: reminded, push } = {}] = remindersTo(publish, owner);
    expect(reminded?._id).toBe(notification._id);
    expect(push?.silent).toBe(true);
  });

  it('reminds with sound outside the receiver’s quiet hours', async () => {
    const { owner } = await aRequest(t);
    const publish = vi.spyOn(t.app.notificationBus, 'publish');
    await sweepAfterReminderTime();
    const [{ push } = {}] = remindersTo(publish, owner);
    expect(push?.silent).toBe(false);
  });

  it('sends no reminder once the receiver has blocked the sender', async () => {
    const [blocked, other, owner] = [await t.signUp(), await t.signUp(), await t.signUp()];
    const { _id } = await addNumberedVehicle(t, owner);
    const fromBlocked = await messageAbout(t, blocked, owner, _id);
    const fromOther = await messageAbout(t, other, owner, _id);
    const blocking = await post(t, '/api/users/blockSender', { notificationId: fromBlocked._id }, owner);
    expect(blocking.statusCode).toBe(200);
    const publish = vi.spyOn(t.app.notificationBus, 'publish');
    await sweepAfterReminderTime();
    // Both fell due together, so the sweep that reminded the other request passed over this one.
    const reminded = remindersTo(publish, owner);
    expect(reminded.map(({ notification }) => notification._id)).toEqual([fromOther._id]);
    expect(await reminderOf(fromBlocked._id)).toBeNull();
  });
});

describe('the reminder sweep', () => {
  it('runs on its own timer, and closing the app waits for a sweep under way and stops the timer', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    try {
      const timed = await createTestApp({ env: { REMINDER_AFTER_S: String(REMINDER_AFTER_S) } });
      const { owner, notification } = await aRequest(timed);
      const publish = vi.spyOn(timed.app.notificationBus, 'publish');
      timed.clock.advance(REMINDER_AFTER_S * 1000);
      vi.advanceTimersByTime(REMINDER_AFTER_S * 1000);
      await timed.close();
      expect(remindersTo(publish, owner).map((reminder) => reminder.notification._id)).toEqual([
        notification._id,
      ]);
      expect(vi.getTimerCount()).toBe(0);
    } finally {
      vi.useRealTimers();
    }
  });
});
