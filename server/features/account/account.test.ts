import { eq, or } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AccountExport, SendResponse, ServerNotification, User } from '#common/api';
import { formatSlipCode } from '#common/slip-code';
import type { CreatedSlips } from '#common/slips-api';
import type { VehicleCard } from '#common/card-api';
import { blocks, deviceTokens, otpCodes, senderPauses, sessions, users, vehicles } from '../../db/schema';
import { cameraJpeg, multipartForm } from '../../testing/photo-fixtures';
import { textsFor } from '../../i18n/texts';
import { pauseKey } from '../../domain/requests/send-rule/pause';
import { listen, liveStreams } from '../../testing/event-stream';
import { createTestApp, type SignedIn, type TestApp } from '../../testing/test-app';
import { addVehicle } from '../../testing/vehicle-fixtures';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const call = (who: SignedIn | null, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
  t.inject({ method, url, headers: who?.headers ?? {}, ...(payload ? { payload } : {}) });

const openStream = liveStreams();

const deleteAccount = (who: SignedIn) => call(who, 'DELETE', '/api/users/account');

/** Sends a message about the owner's vehicle; returns it as the owner sees it. */
async function message(sender: SignedIn, owner: SignedIn, vehicleId: string): Promise<ServerNotification> {
  const response = await call(sender, 'POST', '/api/users/sendMessage', {
    userId: owner.user._id,
    vehicleId,
    message: 'Your car is blocking the gate',
  });
  if (response.statusCode !== 201) throw new Error(`sendMessage failed: ${response.body}`);
  const { sentRequest: _, ...forOwner } = response.json<SendResponse>();
  return forOwner;
}

const unread = async (who: SignedIn) =>
  (await call(who, 'GET', '/api/users/unreadNotifications')).json<ServerNotification[]>();

describe('DELETE /api/users/account', () => {
  it('erases the account, its vehicles, sessions, device tokens, blocks and codes', async () => {
    const leaving = await t.signUp();
    const other = await t.signUp();
    const leavingCar = await addVehicle(t, leaving);
    const otherCar = await addVehicle(t, other);
    await call(leaving, 'POST', '/api/users/fcmToken', { token: 'leaving-device-token' });
    const fromOther = await message(other, leaving, leavingCar._id);
    await call(leaving, 'POST', '/api/users/blockSender', { notificationId: fromOther._id });
    const fromLeaving = await message(leaving, other, otherCar._id);
    await call(other, 'POST', '/api/users/blockSender', { notificationId: fromLeaving._id });

    const response = await deleteAccount(leaving);

    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: 'Your account and its data have been deleted.' });
    const { db } = t.app.database;
    const id = leaving.user._id;
    expect(await db.select().from(users).where(eq(users.id, id))).toEqual([]);
    expect(await db.select().from(vehicles).where(eq(vehicles.ownerId, id))).toEqual([]);
    expect(await db.select().from(sessions).where(eq(sessions.userId, id))).toEqual([]);
    expect(await db.select().from(deviceTokens).where(eq(deviceTokens.userId, id))).toEqual([]);
    expect(
      await db
        .select()
        .from(blocks)
        .where(or(eq(blocks.blockerId, id), eq(blocks.blockedId, id))),
    ).toEqual([]);
    expect(await db.select().from(otpCodes).where(eq(otpCodes.phone, leaving.user.phone))).toEqual([]);
  });

  it('answers 401 to the deleted account’s token afterwards', async () => {
    const leaving = await t.signUp();
    await deleteAccount(leaving);
    expect((await call(leaving, 'GET', '/api/users/validateUser')).statusCode).toBe(401);
    expect((await deleteAccount(leaving)).statusCode).toBe(401);
  });

  it('ends every session of the account, not only the one that asked', async () => {
    const leaving = await t.signUp();
    t.clock.advance(60_000);
    const login = await t.inject({
      method: 'POST',
      url: '/api/users/login',
      payload: { phone: leaving.user.phone },
    });
    expect(login.statusCode).toBe(200);
    const second = await t.inject({
      method: 'POST',
      url: '/api/users/verify',
      payload: { phone: leaving.user.phone, otp: t.sms.lastCode(leaving.user.phone) },
    });
    const token = second.json<{ token: string }>().token;
    await deleteAccount(leaving);
    const other = await t.inject({
      method: 'GET',
      url: '/api/users/validateUser',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(other.statusCode).toBe(401);
  });

  it('ends the live streams the account has open', async () => {
    const leaving = await t.signUp();
    const stream = await openStream(leaving, await listen(t.app));
    await deleteAccount(leaving);
    expect(await stream.nextEvent()).toBeNull();
  });

  it('lets the phone register anew', async () => {
    const leaving = await t.signUp();
    await deleteAccount(leaving);
    const again = await t.signUp({ phone: leaving.user.phone, name: 'Anu Again' });
    expect(again.user).toMatchObject({ phone: leaving.user.phone, name: 'Anu Again' });
    expect(again.user._id).not.toBe(leaving.user._id);
  });

  it('keeps the requests it sent with their receivers, shown as from "Deleted account"', async () => {
    const [leaving, owner] = [await t.signUp(), await t.signUp({ language: 'ml' })];
    const car = await addVehicle(t, owner);
    const sent = await message(leaving, owner, car._id);
    await deleteAccount(leaving);

    const [kept] = await unread(owner);
    expect(kept).toMatchObject({ _id: sent._id, content: sent.content });
    expect(kept?.senderId).toEqual({ name: textsFor('ml')._('server.request.deletedAccount') });
    expect(textsFor('en')._('server.request.deletedAccount')).toBe('Deleted account');
  });

  it('lets the receiver answer a request of a deleted account, and refuses to block it with 404', async () => {
    const [leaving, owner] = [await t.signUp(), await t.signUp()];
    const car = await addVehicle(t, owner);
    const sent = await message(leaving, owner, car._id);
    await deleteAccount(leaving);
    const answered = await call(owner, 'POST', '/api/users/replyToNotification', {
      notificationId: sent._id,
      kind: 'not_my_vehicle',
    });
    expect(answered.statusCode).toBe(201);
    const blocked = await call(owner, 'POST', '/api/users/blockSender', { notificationId: sent._id });
    expect(blocked.statusCode).toBe(404);
  });

  it('answers 401 without a token and erases nothing', async () => {
    const bystander = await t.signUp();
    expect((await call(null, 'DELETE', '/api/users/account')).statusCode).toBe(401);
    expect((await call(bystander, 'GET', '/api/users/validateUser')).statusCode).toBe(200);
  });

  it('refuses a query naming another account with 400 and erases nothing', async () => {
    const caller = await t.signUp();
    const target = await t.signUp();
    const response = await call(caller, 'DELETE', `/api/users/account?userId=${target.user._id}`);
    expect(response.statusCode).toBe(400);
    expect((await call(caller, 'GET', '/api/users/validateUser')).statusCode).toBe(200);
    expect((await call(target, 'GET', '/api/users/validateUser')).statusCode).toBe(200);
  });
});

describe('GET /api/users/exportData', () => {
  it('gives the profile, vehicles, requests sent and received, sessions and blocks', async () => {
    const [me, other] = [await t.signUp({ consent: true }), await t.signUp({ name: 'Rahul Nair' })];
    const myCar = await addVehicle(t, me);
    const otherCar = await addVehicle(t, other);
    const sent = await message(me, other, otherCar._id);
    const received = await message(other, me, myCar._id);
    await call(me, 'POST', '/api/users/blockSender', { notificationId: received._id });

    const response = await call(me, 'GET', '/api/users/exportData');

    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toContain('attachment');
    const data = response.json<AccountExport>();
    const profile = (await call(me, 'GET', '/api/users/validateUser')).json<{ user: User }>().user;
    expect(data.profile).toEqual(profile);
    expect(data.profile.consentedAt).toBe(t.clock.now().toISOString());
    expect(data.vehicles).toEqual([myCar]);
    expect(data.requestsSent).toEqual([
      expect.objectContaining({ _id: sent._id, kind: 'message', content: sent.content, reply: null }),
    ]);
    expect(data.requestsReceived).toEqual([{ ...received, kind: 'message', reply: null }]);
    expect(data.sessions).toHaveLength(1);
    expect(data.blocks).toEqual([{ blockedUserId: other.user._id, createdAt: expect.any(String) }]);
  });

  it('lists the user’s slips, photos’ places, reported false alarms, pause and cards', async () => {
    const [me, other] = [await t.signUp(), await t.signUp()];
    const myCar = await addVehicle(t, me);
    const otherCar = await addVehicle(t, other);
    const [used, unused] = (await call(me, 'POST', '/api/users/slips', { count: 2 })).json<CreatedSlips>()
      .slips;
    if (!used || !unused) throw new Error('slips not made');
    await call(me, 'POST', `/api/users/slips/${used.code}/attach`, {
      vehicleNumber: 'KL07XY4321',
      templateKey: 'blocking',
    });
    const form = multipartForm(
      { userId: other.user._id, vehicleId: otherCar._id, latitude: '9.98123', longitude: '76.28456' },
      [{ filename: 'gate.jpg', type: 'image/jpeg', bytes: await cameraJpeg(400, 300) }],
    );
    const photo = await t.inject({
      method: 'POST',
      url: '/api/users/sendImage',
      payload: form.payload,
      headers: { ...me.headers, ...form.headers },
    });
    expect(photo.statusCode).toBe(201);
    const received = await message(other, me, myCar._id);
    await call(me, 'POST', '/api/users/reportFalseAlarm', { notificationId: received._id });
    const pausedUntil = new Date(t.clock.now().getTime() + 86_400_000);
    await t.app.database.db.insert(senderPauses).values({
      phoneHash: pauseKey(me.user.phone),
      pausedAt: t.clock.now(),
      pausedUntil,
      contestText: 'I was blocked in',
      contestedAt: t.clock.now(),
    });
    const card = (
      await call(me, 'POST', '/api/users/vehicleCard', { vehicleId: myCar._id })
    ).json<VehicleCard>();
    await call(me, 'POST', '/api/users/pauseVehicleCard', { vehicleId: myCar._id });

    const data = (await call(me, 'GET', '/api/users/exportData')).json<AccountExport>();

    const now = t.clock.now().toISOString();
    expect(data.slips).toEqual(
      expect.arrayContaining([
        {
          code: formatSlipCode(used.code),
          createdAt: now,
          attachedAt: now,
          vehicleNumber: 'KL07XY4321',
          note: expect.stringContaining('KL07XY4321'),
          reply: null,
        },
        {
          code: formatSlipCode(unused.code),
          createdAt: now,
          attachedAt: null,
          vehicleNumber: null,
          note: null,
          reply: null,
        },
      ]),
    );
    expect(data.slips).toHaveLength(2);
    expect(data.photos).toEqual([
      {
        requestId: photo.json<ServerNotification>()._id,
        contentType: expect.stringMatching(/^image\//),
        createdAt: now,
        latitude: 9.981,
        longitude: 76.285,
      },
    ]);
    expect(JSON.stringify(data.photos)).not.toMatch(/bytes|base64/);
    expect(data.falseAlarmsReported).toEqual([{ requestId: received._id, reportedAt: now }]);
    expect(data.sendingPause).toEqual({
      pausedAt: now,
      pausedUntil: pausedUntil.toISOString(),
      contest: { text: 'I was blocked in', at: now },
    });
    expect(data.cards).toEqual([
      {
        vehicleId: myCar._id,
        code: card.code,
        createdAt: now,
        endedAt: null,
        pausedUntil: expect.any(String),
      },
    ]);
  });

  it('shows nobody else’s hidden phone or e-mail', async () => {
    const [me, other] = [await t.signUp(), await t.signUp({ phoneVisible: false })];
    const myCar = await addVehicle(t, me);
    await message(other, me, myCar._id);
    const response = await call(me, 'GET', '/api/users/exportData');
    expect(response.body).not.toContain(other.user.phone);
    expect(response.body).not.toContain(`"${other.user._id}"`);
  });

  it('answers 401 without a token', async () => {
    expect((await call(null, 'GET', '/api/users/exportData')).statusCode).toBe(401);
  });
});
