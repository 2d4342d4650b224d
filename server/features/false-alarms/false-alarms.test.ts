import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServerNotification, Strikes } from '#common/api';
import { cameraJpeg, multipartForm } from '../../testing/photo-fixtures';
import { openDatabase } from '../../db/database';
import { senderPauses } from '../../db/schema';
import { pauseKey } from '../../domain/requests/send-rule/pause';
import { createTestDatabase } from '../../testing/test-database';
import { createTestApp, nextPhone, type SignedIn, type TestApp } from '../../testing/test-app';
import { addVehicle } from '../../testing/vehicle-fixtures';
import { liftPause, runningPauses } from './pause-ops';

const run = promisify(execFile);

const DAY_MS = 24 * 60 * 60_000;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    // A provider that places every call, so that a call is refused only for the pause.
    deps: { telephony: { connect: async () => {} } },
    // Sessions outlive the months these tests move the clock by.
    env: {
      // Reporters as young as the accounts made here; the age rule has a server of its own below.
      STRIKE_REPORTER_MIN_AGE_DAYS: '0',
      STRIKES_TO_PAUSE: '3',
      STRIKE_WINDOW_DAYS: '30',
      PAUSE_DAYS: '30',
      SESSION_TTL_DAYS: '365',
      SESSION_MAX_DAYS: '3650',
    },
  });
});
afterAll(() => t.close());

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

const report = (who: SignedIn, notificationId: string) =>
  t.inject({
    method: 'POST',
    url: '/api/users/reportFalseAlarm',
    headers: who.headers,
    payload: { notificationId },
  });

async function strikesOf(who: SignedIn): Promise<Strikes> {
  const response = await t.inject({ method: 'GET', url: '/api/users/strikes', headers: who.headers });
  return response.json<Strikes>();
}

const undo = (who: SignedIn, notificationId: string) =>
  t.inject({
    method: 'POST',
    url: '/api/users/undoFalseAlarm',
    headers: who.headers,
    payload: { notificationId },
  });

const UNDO_MS = 60_000;

/** Lets the time to undo pass, and the job commit what is due. */
async function undoTimePasses() {
  t.clock.advance(UNDO_MS);
  await t.app.falseAlarmCommits.sweep();
}

/** A strike against `sender` from `receiver`: a new request, reported, and not undone. */
async function strike(sender: SignedIn, receiver: SignedIn) {
  const sent = await message(sender, receiver);
  const response = await report(receiver, sent._id);
  if (response.statusCode !== 200) throw new Error(`report failed: ${response.body}`);
  await undoTimePasses();
}

describe('POST /api/users/reportFalseAlarm', () => {
  it('marks a request once: 200, then 409', async () => {
    const [sender, receiver] = [await t.signUp(), await t.signUp()];
    const sent = await message(sender, receiver);
    const first = await report(receiver, sent._id);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ message: 'Marked as a false alarm.', undoSeconds: 60 });
    const again = await report(receiver, sent._id);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: 'This request is already marked as a false alarm.' });
    await undoTimePasses();
    expect((await report(receiver, sent._id)).statusCode).toBe(409);
    expect(await strikesOf(sender)).toEqual({ strikes: 1, windowDays: 30, pausedUntil: null });
  });

  it("answers 404 to a request that is not the caller's to report, its sender's included", async () => {
    const [sender, receiver, third] = [await t.signUp(), await t.signUp(), await t.signUp()];
    const sent = await message(sender, receiver);
    expect((await report(third, sent._id)).statusCode).toBe(404);
    expect((await report(sender, sent._id)).statusCode).toBe(404);
    expect((await strikesOf(sender)).strikes).toBe(0);
  });

  it('counts one strike per receiver against one sender a day', async () => {
    const [sender, receiver] = [await t.signUp(), await t.signUp()];
    await strike(sender, receiver);
    await strike(sender, receiver);
    expect((await strikesOf(sender)).strikes).toBe(1);
    t.clock.advance(DAY_MS + 1000);
    await strike(sender, receiver);
    expect((await strikesOf(sender)).strikes).toBe(2);
  });

  it('does not pause a sender whose strikes all come from one receiver', async () => {
    const [sender, receiver, other] = [await t.signUp(), await t.signUp(), await t.signUp()];
    for (let day = 0; day < 4; day++) {
      await strike(sender, receiver);
      t.clock.advance(DAY_MS + 1000);
    }
    expect(await strikesOf(sender)).toEqual({ strikes: 4, windowDays: 30, pausedUntil: null });
    expect((await message(sender, other)).content).toBe('Your car is blocking the gate');
  });

  it('forgets strikes older than STRIKE_WINDOW_DAYS', async () => {
    const [sender, first, second] = [await t.signUp(), await t.signUp(), await t.signUp()];
    await strike(sender, first);
    await strike(sender, second);
    t.clock.advance(31 * DAY_MS);
    await strike(sender, first);
    expect(await strikesOf(sender)).toEqual({ strikes: 1, windowDays: 30, pausedUntil: null });
  });
});

describe('the pause after STRIKES_TO_PAUSE strikes from two receivers', () => {
  it('refuses every way of reaching an owner with 403 saying until when, for PAUSE_DAYS', async () => {
    const [sender, first, second, owner] = [
      await t.signUp(),
      await t.signUp(),
      await t.signUp(),
      await t.signUp(),
    ];
    await strike(sender, first);
    await strike(sender, second);
    t.clock.advance(DAY_MS + 1000);
    await strike(sender, first);
    const pausedAt = t.clock.now();
    const until = new Date(pausedAt.getTime() + 30 * DAY_MS);
    expect(await strikesOf(sender)).toEqual({ strikes: 3, windowDays: 30, pausedUntil: until.toISOString() });

    const vehicle = await addVehicle(t, owner);
    const form = multipartForm({ userId: owner.user._id, vehicleId: vehicle._id }, [
      { filename: 'gate.jpg', type: 'image/jpeg', bytes: await cameraJpeg(400, 300) },
    ]);
    const attempts = [
      await t.inject({
        method: 'POST',
        url: '/api/users/sendMessage',
        headers: sender.headers,
        payload: { userId: owner.user._id, vehicleId: vehicle._id, message: 'Please move' },
      }),
      await t.inject({
        method: 'POST',
        url: '/api/users/sendNotification',
        headers: sender.headers,
        payload: {
          receiverId: owner.user._id,
          title: 'Vehicle Notification',
          body: `Please move ${vehicle.vehicleNumber}`,
        },
      }),
      await t.inject({
        method: 'POST',
        url: '/api/users/callOwner',
        headers: sender.headers,
        payload: { vehicleId: vehicle._id },
      }),
      await t.inject({
        method: 'POST',
        url: '/api/users/sendImage',
        headers: { ...sender.headers, ...form.headers },
        payload: form.payload,
      }),
    ];
    const date = until.toLocaleDateString('en', { dateStyle: 'long', timeZone: 'Asia/Kolkata' });
    for (const attempt of attempts) {
      expect(attempt.statusCode).toBe(403);
      expect(attempt.json()).toEqual({
        message: `Too many of your requests were marked as false alarms. You cannot reach owners until ${date}.`,
      });
    }

    t.clock.advance(30 * DAY_MS + 1000);
    expect((await strikesOf(sender)).pausedUntil).toBeNull();
    expect((await message(sender, owner)).content).toBe('Your car is blocking the gate');
  });

  it('says the date in Malayalam to a sender who reads Malayalam', async () => {
    const [sender, first, second, owner] = [
      await t.signUp({ language: 'ml' }),
      await t.signUp(),
      await t.signUp(),
      await t.signUp(),
    ];
    await strike(sender, first);
    await strike(sender, second);
    t.clock.advance(DAY_MS + 1000);
    await strike(sender, first);
    const vehicle = await addVehicle(t, owner);
    const refused = await t.inject({
      method: 'POST',
      url: '/api/users/sendMessage',
      headers: sender.headers,
      payload: { userId: owner.user._id, vehicleId: vehicle._id, message: 'Please move' },
    });
    const until = new Date(t.clock.now().getTime() + 30 * DAY_MS);
    const date = until.toLocaleDateString('ml', { dateStyle: 'long', timeZone: 'Asia/Kolkata' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json<{ message: string }>().message).toContain(date);
  });
});

const HOUR_MS = 60 * 60_000;

/** Pauses `sender`: three strikes from two receivers over two days. Resolves with the pause's end. */
async function pause(sender: SignedIn): Promise<Date> {
  const [first, second] = [await t.signUp(), await t.signUp()];
  await strike(sender, first);
  await strike(sender, second);
  t.clock.advance(DAY_MS + 1000);
  await strike(sender, first);
  return new Date(t.clock.now().getTime() + 30 * DAY_MS);
}

const contest = (who: SignedIn, text: string) =>
  t.inject({ method: 'POST', url: '/api/users/contestPause', headers: who.headers, payload: { text } });

describe('what a receiver can report', () => {
  it('refuses with 409 a report made more than FALSE_ALARM_REPORT_HOURS (48) after the request was sent', async () => {
    const [sender, receiver] = [await t.signUp(), await t.signUp()];
    const late = await message(sender, receiver);
    t.clock.advance(48 * HOUR_MS + 1000);
    const refused = await report(receiver, late._id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      message: 'A request can be marked as a false alarm only within 48 hours of being sent.',
    });
    const timely = await message(sender, receiver);
    t.clock.advance(48 * HOUR_MS - 1000);
    expect((await report(receiver, timely._id)).statusCode).toBe(200);
    await undoTimePasses();
    expect((await strikesOf(sender)).strikes).toBe(1);
  });

  it.each(['coming_now', 'five_minutes'] as const)(
    'refuses with 409 a report of a request its receiver answered %s',
    async (kind) => {
      const [sender, receiver] = [await t.signUp(), await t.signUp()];
      const sent = await message(sender, receiver);
      const answered = await t.inject({
        method: 'POST',
        url: '/api/users/replyToNotification',
        headers: receiver.headers,
        payload: { notificationId: sent._id, kind },
      });
      expect(answered.statusCode).toBe(201);
      const refused = await report(receiver, sent._id);
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toEqual({
        message: 'You answered that you were coming, so this request cannot be marked as a false alarm.',
      });
      expect((await strikesOf(sender)).strikes).toBe(0);
    },
  );

  it('takes a report of a request its receiver answered that they cannot come', async () => {
    const [sender, receiver] = [await t.signUp(), await t.signUp()];
    const sent = await message(sender, receiver);
    await t.inject({
      method: 'POST',
      url: '/api/users/replyToNotification',
      headers: receiver.headers,
      payload: { notificationId: sent._id, kind: 'cannot_come' },
    });
    expect((await report(receiver, sent._id)).statusCode).toBe(200);
  });
});

describe('undoing a false alarm: POST /api/users/undoFalseAlarm', () => {
  it('keeps a report pending for FALSE_ALARM_UNDO_S (60): no strike until then, a strike after, with no further call', async () => {
    const [sender, receiver] = [await t.signUp(), await t.signUp()];
    const sent = await message(sender, receiver);
    expect((await report(receiver, sent._id)).statusCode).toBe(200);
    t.clock.advance(UNDO_MS - 1000);
    await t.app.falseAlarmCommits.sweep();
    expect((await strikesOf(sender)).strikes).toBe(0);
    t.clock.advance(1000);
    await t.app.falseAlarmCommits.sweep();
    expect((await strikesOf(sender)).strikes).toBe(1);
  });

  it('withdraws a report within the seconds: 200, it never strikes, and the request can be marked again', async () => {
    const [sender, receiver] = [await t.signUp(), await t.signUp()];
    const sent = await message(sender, receiver);
    await report(receiver, sent._id);
    t.clock.advance(UNDO_MS - 1000);
    const undone = await undo(receiver, sent._id);
    expect(undone.statusCode).toBe(200);
    expect(undone.json()).toEqual({ message: 'The false alarm was withdrawn.' });
    await undoTimePasses();
    expect((await strikesOf(sender)).strikes).toBe(0);
    expect((await undo(receiver, sent._id)).statusCode).toBe(404);
    expect((await report(receiver, sent._id)).statusCode).toBe(200);
    await undoTimePasses();
    expect((await strikesOf(sender)).strikes).toBe(1);
  });

  it('tells the bell a request is marked, while undoable and once counted, and no longer once undone', async () => {
    const [sender, receiver] = [await t.signUp(), await t.signUp()];
    const sent = await message(sender, receiver);
    const marked = async () => {
      const response = await t.inject({
        method: 'GET',
        url: '/api/users/unreadNotifications',
        headers: receiver.headers,
      });
      return response.json<ServerNotification[]>().find((item) => item._id === sent._id)?.falseAlarm;
    };
    expect(await marked()).toBeUndefined();
    await report(receiver, sent._id);
    expect(await marked()).toBe(true);
    await undo(receiver, sent._id);
    expect(await marked()).toBeUndefined();
    await report(receiver, sent._id);
    await undoTimePasses();
    expect(await marked()).toBe(true);
  });

  it('refuses with 409 an undo once the seconds have passed, before and after the job committed the report', async () => {
    const [sender, receiver] = [await t.signUp(), await t.signUp()];
    const sent = await message(sender, receiver);
    await report(receiver, sent._id);
    t.clock.advance(UNDO_MS);
    const due = await undo(receiver, sent._id);
    expect(due.statusCode).toBe(409);
    expect(due.json()).toEqual({
      message: 'A false alarm can be undone only within 60 seconds of marking it: this one counts.',
    });
    await t.app.falseAlarmCommits.sweep();
    expect((await undo(receiver, sent._id)).statusCode).toBe(409);
    expect((await strikesOf(sender)).strikes).toBe(1);
  });

  it('answers 404 to an undo of a request never reported, or reported by someone else, and leaves the report be', async () => {
    const [sender, receiver] = [await t.signUp(), await t.signUp()];
    const sent = await message(sender, receiver);
    const unreported = await undo(receiver, sent._id);
    expect(unreported.statusCode).toBe(404);
    expect(unreported.json()).toEqual({
      message: 'This request is not marked as a false alarm: there is nothing to undo.',
    });
    await report(receiver, sent._id);
    expect((await undo(sender, sent._id)).statusCode).toBe(404);
    await undoTimePasses();
    expect((await strikesOf(sender)).strikes).toBe(1);
  });

  it('drops a pending report whose receiver answered meanwhile that they were coming', async () => {
    const [sender, receiver] = [await t.signUp(), await t.signUp()];
    const sent = await message(sender, receiver);
    await report(receiver, sent._id);
    const answered = await t.inject({
      method: 'POST',
      url: '/api/users/replyToNotification',
      headers: receiver.headers,
      payload: { notificationId: sent._id, kind: 'coming_now' },
    });
    expect(answered.statusCode).toBe(201);
    await undoTimePasses();
    expect((await strikesOf(sender)).strikes).toBe(0);
  });
});

describe('a pause outlives the account', () => {
  it('starts an account registered again with the number paused, with the same 403, until the pause ends', async () => {
    const sender = await t.signUp();
    const until = await pause(sender);
    const deleted = await t.inject({ method: 'DELETE', url: '/api/users/account', headers: sender.headers });
    expect(deleted.statusCode).toBe(200);

    const again = await t.signUp({ phone: sender.user.phone });
    expect(again.user._id).not.toBe(sender.user._id);
    expect(await strikesOf(again)).toEqual({ strikes: 0, windowDays: 30, pausedUntil: until.toISOString() });
    const owner = await t.signUp();
    const vehicle = await addVehicle(t, owner);
    const refused = await t.inject({
      method: 'POST',
      url: '/api/users/sendMessage',
      headers: again.headers,
      payload: { userId: owner.user._id, vehicleId: vehicle._id, message: 'Please move' },
    });
    const date = until.toLocaleDateString('en', { dateStyle: 'long', timeZone: 'Asia/Kolkata' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({
      message: `Too many of your requests were marked as false alarms. You cannot reach owners until ${date}.`,
    });

    t.clock.advance(30 * DAY_MS + 1000);
    expect((await message(again, owner)).content).toBe('Your car is blocking the gate');
  });
});

describe('POST /api/users/contestPause', () => {
  it('takes one contest from a paused sender: 201, then 409', async () => {
    const paused = await t.signUp();
    await pause(paused);
    const first = await contest(paused, 'I was blocked in for real, at the Kakkanad gate.');
    expect(first.statusCode).toBe(201);
    expect(first.json()).toEqual({ message: 'Your request for a review was sent. We will look at it.' });
    const second = await contest(paused, 'Please look again');
    expect(second.statusCode).toBe(409);
    expect(second.json()).toEqual({ message: 'You have already asked for this pause to be reviewed.' });
  });

  it('answers 409 to a sender who is not paused', async () => {
    const refused = await contest(await t.signUp(), 'I did nothing wrong');
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ message: 'You are not paused: there is nothing to contest.' });
  });

  it.each(['Call me on 98470 12345', 'See https://example.com/proof', 'Mail anu@example.com'])(
    'refuses with 400 a text with contact details (%s), and takes a clean one after',
    async (text) => {
      const paused = await t.signUp();
      await pause(paused);
      const refused = await contest(paused, text);
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toEqual({ message: expect.any(String) });
      expect((await contest(paused, 'I was blocked in')).statusCode).toBe(201);
    },
  );
});

describe('reports from young accounts', () => {
  let young: TestApp;
  beforeAll(async () => {
    young = await createTestApp({
      env: { STRIKES_TO_PAUSE: '2', SESSION_TTL_DAYS: '365', SESSION_MAX_DAYS: '3650' },
    });
  });
  afterAll(() => young.close());

  async function reported(sender: SignedIn, receiver: SignedIn) {
    const vehicle = await addVehicle(young, receiver);
    const sent = await young.inject({
      method: 'POST',
      url: '/api/users/sendMessage',
      headers: sender.headers,
      payload: {
        userId: receiver.user._id,
        vehicleId: vehicle._id,
        message: 'Your car is blocking the gate',
      },
    });
    const response = await young.inject({
      method: 'POST',
      url: '/api/users/reportFalseAlarm',
      headers: receiver.headers,
      payload: { notificationId: sent.json<ServerNotification>()._id },
    });
    expect(response.statusCode).toBe(200);
    young.clock.advance(UNDO_MS);
    await young.app.falseAlarmCommits.sweep();
  }
  const standing = async (who: SignedIn) =>
    (await young.inject({ method: 'GET', url: '/api/users/strikes', headers: who.headers })).json<Strikes>();

  it('lets two accounts younger than STRIKE_REPORTER_MIN_AGE_DAYS (7) report, and pause nobody', async () => {
    const sender = await young.signUp();
    young.clock.advance(7 * DAY_MS);
    const [first, second] = [await young.signUp(), await young.signUp()];
    for (let day = 0; day < 3; day++) {
      await reported(sender, first);
      await reported(sender, second);
      young.clock.advance(DAY_MS + 1000);
    }
    expect(await standing(sender)).toEqual({ strikes: 0, windowDays: 30, pausedUntil: null });
  });

  it('counts the reports of accounts STRIKE_REPORTER_MIN_AGE_DAYS old', async () => {
    const [sender, first, second] = [await young.signUp(), await young.signUp(), await young.signUp()];
    young.clock.advance(7 * DAY_MS);
    await reported(sender, first);
    await reported(sender, second);
    expect(await standing(sender)).toEqual({
      strikes: 2,
      windowDays: 30,
      pausedUntil: new Date(young.clock.now().getTime() + 30 * DAY_MS).toISOString(),
    });
  });
});

describe('the operator commands on pauses', () => {
  it('lists the running pauses with their strikes and contests', async () => {
    const sender = await t.signUp();
    const until = await pause(sender);
    await contest(sender, 'I was blocked in for real');
    const listed = (await runningPauses(t.app.database.db, t.config.strikes, t.clock.now())).find(
      (running) => running.phone === sender.user.phone,
    );
    expect(listed).toEqual({
      phoneHash: pauseKey(sender.user.phone),
      phone: sender.user.phone,
      pausedAt: t.clock.now(),
      pausedUntil: until,
      // Each strike took effect a minute after its report: the second a minute after the first.
      strikes: [
        expect.objectContaining({
          reportedAt: new Date(t.clock.now().getTime() - DAY_MS - 1000 - 2 * UNDO_MS),
        }),
        expect.objectContaining({ reportedAt: new Date(t.clock.now().getTime() - DAY_MS - 1000 - UNDO_MS) }),
        expect.objectContaining({ reportedAt: t.clock.now() }),
      ],
      contest: { text: 'I was blocked in for real', at: t.clock.now() },
    });
  });

  it('lifts a pause: the sender reaches owners again, and its strikes do not pause them again', async () => {
    const sender = await t.signUp();
    await pause(sender);
    expect(await liftPause(t.app.database.db, sender.user.phone, t.clock.now())).toBe(true);
    expect(await strikesOf(sender)).toEqual({ strikes: 0, windowDays: 30, pausedUntil: null });
    await strike(sender, await t.signUp());
    expect((await strikesOf(sender)).pausedUntil).toBeNull();
    expect(await liftPause(t.app.database.db, sender.user.phone, t.clock.now())).toBe(false);
    const listed = await runningPauses(t.app.database.db, t.config.strikes, t.clock.now());
    expect(listed.map((running) => running.phone)).not.toContain(sender.user.phone);
  });

  it('runs as `npm run ops -- pauses` on the configured database, and logs the action', async () => {
    const fresh = await createTestDatabase();
    const dataDir = await mkdtemp(path.join(tmpdir(), 'ops-'));
    const database = fresh.config.kind === 'postgres' ? fresh.config : ({ kind: 'pglite', dataDir } as const);
    const phone = nextPhone();
    const opened = await openDatabase(database);
    try {
      const now = new Date();
      await opened.db.insert(senderPauses).values({
        phoneHash: pauseKey(phone),
        pausedAt: now,
        pausedUntil: new Date(now.getTime() + DAY_MS),
        contestText: 'I was blocked in',
        contestedAt: now,
      });
    } finally {
      await opened.close();
    }
    try {
      const { stdout, stderr } = await run('npm', ['run', '--silent', 'ops', '--', 'pauses'], {
        env: {
          ...process.env,
          NODE_ENV: 'development',
          DATABASE_URL: database.kind === 'postgres' ? database.url : '',
          DATA_DIR: dataDir,
        },
      });
      expect(stdout).toContain(`(no account; key ${pauseKey(phone).slice(0, 12)})`);
      expect(stdout).toContain('contested');
      expect(JSON.parse(stderr.trim())).toEqual({ time: expect.any(String), action: 'pauses', listed: 1 });
    } finally {
      await fresh.drop();
      await rm(dataDir, { recursive: true, force: true });
    }
    // A process of its own migrates the database before it lists: seconds, not milliseconds.
  }, 120_000);
});
