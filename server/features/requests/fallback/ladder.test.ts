import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { FALLBACK_CHANNELS } from '#common/fallback-channels';
import { fallbackSteps, requests } from '../../../db/schema';
import { listen, liveStreams } from '../../../testing/event-stream';
import { startFakeExotel, type FakeExotel } from '../../../providers/telephony/testing/fake-exotel';
import {
  MSG91_NOTICE_TEMPLATE_ID,
  startFakeMsg91,
  type FakeMsg91,
} from '../../../providers/sms/testing/fake-msg91';
import { published } from '../../../testing/published';
import { createTestApp, type SignedIn, type TestApp } from '../../../testing/test-app';
import { quietHoursNow } from '../../../testing/quiet-hours';
import {
  aRequest,
  addNumberedVehicle,
  messageAbout,
  reply,
  sentRequests,
} from '../../../testing/request-fixtures';
import { post, updateProfile } from '../../../testing/user-api';
import { WEBHOOK_SECRET, callsTo, ladderEnv, smsTo, webhook } from '../../../testing/fallback-fixtures';

const SMS_AFTER_MS = 60_000;
const CALL_AFTER_MS = 300_000;

let msg91: FakeMsg91;
let exotel: FakeExotel;
let t: TestApp;
let base: string;
beforeAll(async () => {
  [msg91, exotel] = await Promise.all([startFakeMsg91(), startFakeExotel()]);
  t = await createTestApp({ env: ladderEnv(msg91, exotel) });
  base = await listen(t.app);
});
afterAll(async () => {
  await t.close();
  msg91.close();
  await exotel.close();
});
beforeEach(() => {
  msg91.mode = 'success';
  exotel.mode = 'success';
});
afterEach(() => {
  vi.restoreAllMocks();
});

const openStream = liveStreams();

/** Moves the clock on and takes every step due by then, as the sweep does every 5 s. */
async function after(ms: number): Promise<void> {
  t.clock.advance(ms);
  await t.app.fallbackLadder.sweep();
}

const callSidOf = async (id: string) =>
  (
    await t.app.database.db
      .select({ callSid: fallbackSteps.callSid })
      .from(fallbackSteps)
      .where(and(eq(fallbackSteps.notificationId, id), eq(fallbackSteps.channel, 'call')))
  )[0]?.callSid ?? '';

const fallbacksOf = async (sender: SignedIn, id: string) =>
  (await sentRequests(t, sender)).find((request) => request._id === id)?.fallbacks;

describe('a request no device of its receiver showed', () => {
  it('is sent by SMS after FALLBACK_SMS_AFTER_S, then called, then answered on the keypad, and its sender sees each step live', async () => {
    const { sender, owner, vehicle, notification } = await aRequest(t);
    const publish = vi.spyOn(t.app.notificationBus, 'publish');

    await after(SMS_AFTER_MS - 1000);
    expect(smsTo(msg91, owner)).toHaveLength(0);
    await after(1000);
    const [sms, ...moreSms] = smsTo(msg91, owner);
    expect(moreSms).toHaveLength(0);
    expect(JSON.parse(sms?.body ?? 'null')).toEqual({
      template_id: MSG91_NOTICE_TEMPLATE_ID,
      short_url: '0',
      recipients: [{ mobiles: `91${owner.user.phone}`, vehicle: vehicle.vehicleNumber }],
    });
    const smsAt = t.clock.now().toISOString();
    expect(await fallbacksOf(sender, notification._id)).toEqual([{ channel: 'sms', at: smsAt }]);
    const toldSender = published(publish, 'request', sender.user._id);
    expect(toldSender.at(-1)?.request.fallbacks).toEqual([{ channel: 'sms', at: smsAt }]);

    await after(CALL_AFTER_MS - SMS_AFTER_MS);
    const [call, ...moreCalls] = callsTo(exotel, owner);
    expect(moreCalls).toHaveLength(0);
    expect(call?.form.get('CustomField')).toBe(notification._id);
    const callAt = t.clock.now().toISOString();
    expect(await fallbacksOf(sender, notification._id)).toEqual([
      { channel: 'sms', at: smsAt },
      { channel: 'call', at: callAt },
    ]);
    expect(published(publish, 'request', sender.user._id).at(-1)?.request.fallbacks).toHaveLength(2);

    const callSid = await callSidOf(notification._id);
    expect(callSid).toMatch(/^fakecall\d+$/);
    const greeting = await webhook(t, 'greeting', {
      secret: WEBHOOK_SECRET,
      CallSid: callSid,
      CustomField: notification._id,
    });
    expect(greeting.statusCode).toBe(200);
    expect(greeting.headers['content-type']).toMatch(/^text\/plain/);
    expect(greeting.body).toContain([...vehicle.vehicleNumber].join(' '));
    expect(greeting.body).toContain('For In 5 minutes, press 2.');

    const answered = await webhook(t, 'answer', {
      secret: WEBHOOK_SECRET,
      CallSid: callSid,
      CustomField: notification._id,
      digits: '"2"',
      CallFrom: `0${owner.user.phone}`,
    });
    expect(answered.statusCode).toBe(200);
    const [request] = await sentRequests(t, sender);
    expect(request?.reply).toEqual({ kind: 'five_minutes', at: t.clock.now().toISOString() });
    expect(published(publish, 'request', sender.user._id).at(-1)?.request.reply?.kind).toBe('five_minutes');
  });

  it('takes each step once, however often the ladder sweeps', async () => {
    const { owner } = await aRequest(t);
    await after(CALL_AFTER_MS);
    await after(1000);
    await after(CALL_AFTER_MS);
    expect(smsTo(msg91, owner)).toHaveLength(1);
    expect(callsTo(exotel, owner)).toHaveLength(1);
  });

  it('works for a request with no sender user (a card or slip), whatever its kind', async () => {
    const owner = await t.signUp();
    const vehicle = await addNumberedVehicle(t, owner);
    const id = randomUUID();
    await t.app.database.db.insert(requests).values({
      id,
      senderId: null,
      receiverId: owner.user._id,
      vehicleId: vehicle._id,
      kind: 'notification',
      title: 'Vehicle Notification',
      content: 'Please move',
      sentAt: t.clock.now(),
    });
    await after(CALL_AFTER_MS);
    expect(smsTo(msg91, owner)).toHaveLength(1);
    expect(callsTo(exotel, owner)).toHaveLength(1);
    expect(callsTo(exotel, owner)[0]?.form.get('CustomField')).toBe(id);
  });
});

describe('what stops the ladder', () => {
  it('sends no SMS to a receiver whose open app received the request live', async () => {
    const [sender, owner] = [await t.signUp(), await t.signUp()];
    const vehicle = await addNumberedVehicle(t, owner);
    const stream = await openStream(owner, base);
    const message = await messageAbout(t, sender, owner, vehicle._id);
    await stream.nextEvent();
    // The frame is counted as delivered just after it is written: the sweep must come after that.
    await vi.waitFor(async () => {
      const [row] = await t.app.database.db
        .select({ deliveredAt: requests.deliveredAt })
        .from(requests)
        .where(eq(requests.id, message._id));
      expect(row?.deliveredAt).not.toBeNull();
    });
    await after(SMS_AFTER_MS);
    expect(smsTo(msg91, owner)).toHaveLength(0);
  });

  it('sends no SMS for a push its service worker reported shown, but still calls if it is not opened', async () => {
    const { owner, notification } = await aRequest(t);
    await post(t, '/api/users/notificationsDelivered', { ids: [notification._id] }, owner);
    await after(CALL_AFTER_MS);
    expect(smsTo(msg91, owner)).toHaveLength(0);
    expect(callsTo(exotel, owner)).toHaveLength(1);
  });

  it('places no call once the request was answered (or seen) before the call step', async () => {
    const { owner, notification } = await aRequest(t);
    await after(SMS_AFTER_MS);
    await reply(t, owner, { notificationId: notification._id, kind: 'coming_now' });
    await after(CALL_AFTER_MS);
    expect(smsTo(msg91, owner)).toHaveLength(1);
    expect(callsTo(exotel, owner)).toHaveLength(0);
  });

  it('sends nothing once the receiver blocked the sender', async () => {
    const { owner, notification } = await aRequest(t);
    expect(
      (await post(t, '/api/users/blockSender', { notificationId: notification._id }, owner)).statusCode,
    ).toBe(200);
    await after(CALL_AFTER_MS);
    expect(smsTo(msg91, owner)).toHaveLength(0);
    expect(callsTo(exotel, owner)).toHaveLength(0);
  });

  it("sends nothing in the receiver's quiet hours", async () => {
    const { owner } = await aRequest(t);
    await updateProfile(t, owner, { quietHours: quietHoursNow(t, 120) });
    await after(CALL_AFTER_MS);
    expect(smsTo(msg91, owner)).toHaveLength(0);
    expect(callsTo(exotel, owner)).toHaveLength(0);
  });

  it('with fallbackSms off, sends no SMS but still calls after FALLBACK_CALL_AFTER_S', async () => {
    const { owner } = await aRequest(t);
    await updateProfile(t, owner, { fallbackSms: false });
    await after(CALL_AFTER_MS);
    expect(smsTo(msg91, owner)).toHaveLength(0);
    expect(callsTo(exotel, owner)).toHaveLength(1);
  });

  it('with fallbackCall off, or allowCalls off, sends the SMS but places no call', async () => {
    const first = await aRequest(t);
    const second = await aRequest(t);
    await updateProfile(t, first.owner, { fallbackCall: false });
    await updateProfile(t, second.owner, { allowCalls: false });
    await after(CALL_AFTER_MS);
    for (const { owner } of [first, second]) {
      expect(smsTo(msg91, owner)).toHaveLength(1);
      expect(callsTo(exotel, owner)).toHaveLength(0);
    }
  });

  it('the user object carries both settings, true by default', async () => {
    const who = await t.signUp();
    expect(who.user).toMatchObject({ fallbackSms: true, fallbackCall: true });
    const updated = await t.inject({
      method: 'PATCH',
      url: '/api/users/updateProfile',
      payload: { fallbackSms: false, fallbackCall: false },
      headers: who.headers,
    });
    expect(updated.json()).toMatchObject({ user: { fallbackSms: false, fallbackCall: false } });
  });

  it('leaves a request more than an hour past its step alone', async () => {
    const { owner } = await aRequest(t);
    t.clock.advance(CALL_AFTER_MS + 61 * 60_000);
    await t.app.fallbackLadder.sweep();
    expect(smsTo(msg91, owner)).toHaveLength(0);
    expect(callsTo(exotel, owner)).toHaveLength(0);
  });
});

describe('limits', () => {
  it('sends one receiver at most FALLBACK_SMS_PER_RECEIVER_DAY (5) SMS and FALLBACK_CALLS_PER_RECEIVER_DAY (3) calls a day, never merging requests', async () => {
    const owner = await t.signUp();
    const vehicle = await addNumberedVehicle(t, owner);
    for (let index = 0; index < 6; index += 1) {
      await messageAbout(t, await t.signUp(), owner, vehicle._id);
    }
    await after(CALL_AFTER_MS);
    expect(smsTo(msg91, owner)).toHaveLength(5);
    expect(callsTo(exotel, owner)).toHaveLength(3);
  });

  it('calls one receiver once an hour for the requests of one sender', async () => {
    const [sender, owner] = [await t.signUp(), await t.signUp()];
    const vehicle = await addNumberedVehicle(t, owner);
    await messageAbout(t, sender, owner, vehicle._id);
    await messageAbout(t, sender, owner, vehicle._id);
    await after(CALL_AFTER_MS);
    expect(smsTo(msg91, owner)).toHaveLength(2);
    expect(callsTo(exotel, owner)).toHaveLength(1);
  });

  it('keeps a step the provider refused: not shown to the sender, and not tried again', async () => {
    const { sender, owner, notification } = await aRequest(t);
    msg91.mode = 'error';
    exotel.mode = 'error';
    await after(CALL_AFTER_MS);
    msg91.mode = 'success';
    exotel.mode = 'success';
    await after(SMS_AFTER_MS);
    expect(smsTo(msg91, owner)).toHaveLength(1);
    expect(callsTo(exotel, owner)).toHaveLength(1);
    expect(await fallbacksOf(sender, notification._id)).toEqual([]);
  });
});

describe('the webhooks of the call', () => {
  async function aCall() {
    const request = await aRequest(t);
    await after(CALL_AFTER_MS);
    return { ...request, callSid: await callSidOf(request.notification._id) };
  }

  it('refuse a wrong or missing secret with 403, and change nothing', async () => {
    const { sender, notification, callSid } = await aCall();
    for (const secret of ['wrong-secret-of-some-length', undefined]) {
      const parameters = { CallSid: callSid, CustomField: notification._id, digits: '"1"' };
      const withSecret = secret ? { ...parameters, secret } : parameters;
      expect((await webhook(t, 'greeting', withSecret)).statusCode).toBe(403);
      expect((await webhook(t, 'answer', withSecret)).statusCode).toBe(403);
    }
    expect((await sentRequests(t, sender))[0]?.reply).toBeNull();
  });

  it('refuse a call this server did not place for that request with 404', async () => {
    const { notification, callSid } = await aCall();
    const other = await aCall();
    const cases: Record<string, string>[] = [
      { CallSid: 'not-our-call', CustomField: notification._id },
      { CallSid: callSid, CustomField: other.notification._id },
      { CallSid: callSid, CustomField: 'not-a-request' },
      { CallSid: callSid },
    ];
    for (const parameters of cases) {
      const response = await webhook(t, 'answer', { secret: WEBHOOK_SECRET, digits: '"1"', ...parameters });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: expect.any(String) });
    }
  });

  it('take the digit as a form POST, as Exotel sends it, and a repeat is harmless', async () => {
    const { sender, notification, callSid } = await aCall();
    const parameters = {
      secret: WEBHOOK_SECRET,
      CallSid: callSid,
      CustomField: notification._id,
      digits: '"5"',
    };
    expect((await webhook(t, 'answer', parameters, 'POST')).statusCode).toBe(200);
    const answeredAt = t.clock.now().toISOString();
    t.clock.advance(1000);
    expect((await webhook(t, 'answer', { ...parameters, digits: '"1"' }, 'POST')).statusCode).toBe(200);
    expect((await sentRequests(t, sender))[0]?.reply).toEqual({ kind: 'not_my_vehicle', at: answeredAt });
  });

  it('refuse a key that is no answer with 400', async () => {
    const { sender, notification, callSid } = await aCall();
    for (const digits of ['"9"', '"0"', '', '"12"']) {
      const response = await webhook(t, 'answer', {
        secret: WEBHOOK_SECRET,
        CallSid: callSid,
        CustomField: notification._id,
        digits,
      });
      expect(response.statusCode).toBe(400);
    }
    expect((await sentRequests(t, sender))[0]?.reply).toBeNull();
  });
});

describe('fallback_steps.channel', () => {
  it('refuses a channel common/ does not define', async () => {
    const { notification } = await aRequest(t);
    const insert = (channel: string) =>
      t.app.database.db.execute(
        sql`insert into fallback_steps (notification_id, channel, at) values (${notification._id}, ${channel}, now())`,
      );
    // 23514: check_violation.
    await expect(insert('fax')).rejects.toMatchObject({ cause: { code: '23514' } });
    for (const channel of FALLBACK_CHANNELS) await expect(insert(channel)).resolves.toBeDefined();
  });
});
