import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ServerNotification } from '#common/api';
import type { CreatedSlips } from '#common/slips-api';
import {
  requests,
  otpCodes,
  rateLimits,
  rcVerificationAttempts,
  requestImages,
  senderPauses,
  slips,
  strangerBlocks,
  vehicleChanges,
} from '../../db/schema';
import { pauseKey } from '../../domain/requests/send-rule/pause';
import { cameraJpeg, multipartForm } from '../../testing/photo-fixtures';
import { createTestApp, nextPhone, registration, type SignedIn, type TestApp } from '../../testing/test-app';
import { addVehicle } from '../../testing/vehicle-fixtures';
import { RETENTION_SWEEP_MS, startRetentionSweep, sweepExpired } from './sweep';

const HOUR_MS = 60 * 60_000;
const DAY_MS = 24 * HOUR_MS;
/** One-time codes live 5 minutes. */
const CODE_TTL_MS = 5 * 60_000;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    env: { CODE_RETENTION_HOURS: '2', REQUEST_RETENTION_DAYS: '30', IMAGE_RETENTION_DAYS: '7' },
  });
});
afterAll(() => t.close());
afterEach(() => {
  vi.useRealTimers();
});

const sweptDays = () => ({
  waitingNotes: t.app.config.waitingNotes.days,
  images: t.app.config.images.retentionDays,
});
const sweep = () => sweepExpired(t.app.database.db, t.app.config.retention, t.clock.now(), sweptDays());

const codesOf = (phone: string) => t.app.database.db.select().from(otpCodes).where(eq(otpCodes.phone, phone));
const request = async (id: string) =>
  (await t.app.database.db.select().from(requests).where(eq(requests.id, id)))[0];

async function signUpCode(): Promise<string> {
  const phone = nextPhone();
  const response = await t.inject({
    method: 'POST',
    url: '/api/users/register',
    payload: registration(phone),
  });
  if (response.statusCode !== 201) throw new Error(`register failed: ${response.body}`);
  return phone;
}

async function message(sender: SignedIn, owner: SignedIn): Promise<ServerNotification> {
  const vehicle = await addVehicle(t, owner);
  const response = await t.inject({
    method: 'POST',
    url: '/api/users/sendMessage',
    headers: sender.headers,
    payload: { userId: owner.user._id, vehicleId: vehicle._id, message: 'Your car is blocking the gate' },
  });
  if (response.statusCode !== 201) throw new Error(`sendMessage failed: ${response.body}`);
  return response.json<ServerNotification>();
}

describe('the retention sweep', () => {
  it('keeps a sign-up code and its details until CODE_RETENTION_HOURS after it expired', async () => {
    const phone = await signUpCode();
    t.clock.advance(CODE_TTL_MS + 2 * HOUR_MS - 1000);
    await sweep();
    expect(await codesOf(phone)).toHaveLength(1);
  });

  it('deletes a sign-up code and its details CODE_RETENTION_HOURS after it expired', async () => {
    const phone = await signUpCode();
    t.clock.advance(CODE_TTL_MS + 2 * HOUR_MS + 1000);
    await sweep();
    expect(await codesOf(phone)).toEqual([]);
  });

  it('deletes a used sign-in code too, once past keeping', async () => {
    const user = await t.signUp();
    t.clock.advance(CODE_TTL_MS + 2 * HOUR_MS + 1000);
    await sweep();
    expect(await codesOf(user.user.phone)).toEqual([]);
  });

  it('keeps a request and its answer until REQUEST_RETENTION_DAYS after it was sent', async () => {
    const [sender, owner] = [await t.signUp(), await t.signUp()];
    const sent = await message(sender, owner);
    t.clock.advance(30 * DAY_MS - 1000);
    await sweep();
    expect(await request(sent._id)).toBeDefined();
  });

  it('deletes a request with its answer REQUEST_RETENTION_DAYS after it was sent', async () => {
    const [sender, owner] = [await t.signUp(), await t.signUp()];
    const sent = await message(sender, owner);
    const answered = await t.inject({
      method: 'POST',
      url: '/api/users/replyToNotification',
      headers: owner.headers,
      payload: { notificationId: sent._id, kind: 'coming_now' },
    });
    expect(answered.statusCode).toBe(201);
    t.clock.advance(30 * DAY_MS + 1000);
    await sweep();
    expect(await request(sent._id)).toBeUndefined();
  });

  it('deletes a call record REQUEST_RETENTION_DAYS after the call', async () => {
    const [caller, owner] = [await t.signUp(), await t.signUp()];
    const [call] = await t.app.database.db
      .insert(requests)
      .values({
        senderId: caller.user._id,
        receiverId: owner.user._id,
        kind: 'call',
        title: 'Call about KL07AB1234',
        content: 'A call through Vahan Contact',
        vehicleNumber: 'kl07ab1234',
        sentAt: t.clock.now(),
      })
      .returning();
    t.clock.advance(30 * DAY_MS + 1000);
    await sweep();
    expect(await request(call?.id ?? '')).toBeUndefined();
  });

  it('deletes a wiper slip with its note and answer REQUEST_RETENTION_DAYS after it was attached, and keeps unused ones', async () => {
    const maker = await t.signUp();
    const made = await t.inject({
      method: 'POST',
      url: '/api/users/slips',
      headers: maker.headers,
      payload: { count: 2 },
    });
    const [used, unused] = made.json<CreatedSlips>().slips;
    const attached = await t.inject({
      method: 'POST',
      url: `/api/users/slips/${used?.code}/attach`,
      headers: maker.headers,
      payload: { vehicleNumber: 'KL07RT0001', templateKey: 'blocking' },
    });
    expect(attached.statusCode).toBe(201);
    const slipCodes = async () =>
      (await t.app.database.db.select().from(slips).where(eq(slips.ownerId, maker.user._id))).map(
        (slip) => slip.code,
      );
    t.clock.advance(30 * DAY_MS - 1000);
    await sweep();
    expect(await slipCodes()).toHaveLength(2);
    t.clock.advance(2000);
    await sweep();
    expect(await slipCodes()).toEqual([unused?.code]);
  });

  it('deletes a photo with its place IMAGE_RETENTION_DAYS after it was sent, and keeps its request', async () => {
    const [sender, owner] = [await t.signUp(), await t.signUp()];
    const vehicle = await addVehicle(t, owner);
    const form = multipartForm(
      { userId: owner.user._id, vehicleId: vehicle._id, latitude: '9.9679', longitude: '76.2835' },
      [{ filename: 'gate.jpg', type: 'image/jpeg', bytes: await cameraJpeg(400, 300) }],
    );
    const response = await t.inject({
      method: 'POST',
      url: '/api/users/sendImage',
      headers: { ...sender.headers, ...form.headers },
      payload: form.payload,
    });
    const sent = response.json<ServerNotification>();
    const photosOf = (id: string) =>
      t.app.database.db.select().from(requestImages).where(eq(requestImages.notificationId, id));
    t.clock.advance(7 * DAY_MS - 1000);
    await sweep();
    expect(await photosOf(sent._id)).toHaveLength(1);
    t.clock.advance(2000);
    await sweep();
    expect(await photosOf(sent._id)).toEqual([]);
    expect(await request(sent._id)).toBeDefined();
    const image = await t.inject({ method: 'GET', url: sent.image?.url ?? '', headers: owner.headers });
    expect(image.statusCode).toBe(404);
  });

  it("deletes a sender's pause once it ended, and keeps a running one", async () => {
    const [ending, running] = [pauseKey(nextPhone()), pauseKey(nextPhone())];
    const now = t.clock.now();
    await t.app.database.db.insert(senderPauses).values([
      { phoneHash: ending, pausedAt: now, pausedUntil: new Date(now.getTime() + HOUR_MS) },
      { phoneHash: running, pausedAt: now, pausedUntil: new Date(now.getTime() + DAY_MS) },
    ]);
    const pauses = () =>
      t.app.database.db
        .select({ phoneHash: senderPauses.phoneHash })
        .from(senderPauses)
        .where(inArray(senderPauses.phoneHash, [ending, running]));
    t.clock.advance(HOUR_MS - 1000);
    await sweep();
    expect(await pauses()).toHaveLength(2);
    t.clock.advance(1000);
    await sweep();
    expect(await pauses()).toEqual([{ phoneHash: running }]);
  });

  it("deletes an owner's block of a stranger once it ended, and keeps a running one", async () => {
    const owner = await t.signUp();
    const now = t.clock.now();
    await t.app.database.db.insert(strangerBlocks).values([
      {
        ownerId: owner.user._id,
        kind: 'cookie',
        hash: 'ending',
        blockedUntil: new Date(now.getTime() + HOUR_MS),
      },
      {
        ownerId: owner.user._id,
        kind: 'address',
        hash: 'running',
        blockedUntil: new Date(now.getTime() + DAY_MS),
      },
    ]);
    const blocks = () =>
      t.app.database.db
        .select({ hash: strangerBlocks.hash })
        .from(strangerBlocks)
        .where(eq(strangerBlocks.ownerId, owner.user._id));
    t.clock.advance(HOUR_MS - 1000);
    await sweep();
    expect(await blocks()).toHaveLength(2);
    t.clock.advance(1000);
    await sweep();
    expect(await blocks()).toEqual([{ hash: 'running' }]);
  });

  it('deletes a vehicle change an hour after it, once the hourly cap no longer counts it', async () => {
    const owner = await t.signUp();
    await addVehicle(t, owner);
    const changesOf = () =>
      t.app.database.db.select().from(vehicleChanges).where(eq(vehicleChanges.userId, owner.user._id));
    t.clock.advance(HOUR_MS - 1000);
    await sweep();
    expect(await changesOf()).toHaveLength(1);
    t.clock.advance(2000);
    await sweep();
    expect(await changesOf()).toEqual([]);
  });

  it('deletes an ownership check with its plate a day after it, once the daily cap no longer counts it', async () => {
    const owner = await t.signUp();
    await t.app.database.db
      .insert(rcVerificationAttempts)
      .values({ userId: owner.user._id, vehicleNumber: 'KL07RT0001', attemptedAt: t.clock.now() });
    const attemptsOf = () =>
      t.app.database.db
        .select()
        .from(rcVerificationAttempts)
        .where(eq(rcVerificationAttempts.userId, owner.user._id));
    t.clock.advance(DAY_MS - 1000);
    await sweep();
    expect(await attemptsOf()).toHaveLength(1);
    t.clock.advance(2000);
    await sweep();
    expect(await attemptsOf()).toEqual([]);
  });

  it("deletes a rate-limit counter once its window is over by the database's clock, and keeps a live one", async () => {
    await t.app.database.db.insert(rateLimits).values([
      { key: 'retention:over', count: 3, resetAt: sql`now() - interval '1 second'` },
      { key: 'retention:live', count: 3, resetAt: sql`now() + interval '1 hour'` },
    ]);
    await sweep();
    const keys = await t.app.database.db.select({ key: rateLimits.key }).from(rateLimits);
    expect(keys.map((row) => row.key)).toContain('retention:live');
    expect(keys.map((row) => row.key)).not.toContain('retention:over');
  });

  it('runs on its own timer and waits for a sweep under way when closed', async () => {
    const phone = await signUpCode();
    t.clock.advance(CODE_TTL_MS + 2 * HOUR_MS + 1000);
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const timed = startRetentionSweep(
      t.app.database.db,
      t.app.config.retention,
      t.clock.now,
      t.app.log,
      sweptDays(),
    );
    expect(await codesOf(phone)).toHaveLength(1);
    vi.advanceTimersByTime(RETENTION_SWEEP_MS);
    await timed.close();
    expect(await codesOf(phone)).toEqual([]);
  });
});
