import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  AccountExport,
  LeftWaitingNote,
  SentRequest,
  ServerNotification,
  Vehicle,
  WaitingNote,
} from '#common/api';
import { templateText } from '#common/message-templates';
import { textsFor } from '../../i18n/texts';
import { startFakeCashfree, type FakeCashfree } from '../../providers/rc/testing/fake-cashfree';
import { createTestApp, type SignedIn, type TestApp } from '../../testing/test-app';
import { addVehicle, nextVehicleNumber } from '../../testing/vehicle-fixtures';
import { sweepWaitingNotes } from '../../domain/waiting-notes/notes';
import { userTopic } from '../../domain/live/topics';

const DAY_MS = 86_400_000;
type LiveEvent = Parameters<Parameters<TestApp['app']['notificationBus']['subscribe']>[1]>[0];
const PER_DAY = 3;
const BLOCKING = (plate: string) => templateText(textsFor('en'), 'blocking', plate);

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { WAITING_NOTES_PER_USER_DAY: String(PER_DAY) } });
});
afterAll(() => t.close());

const leave = (app: TestApp, who: SignedIn, payload: object) =>
  app.inject({ method: 'POST', url: '/api/users/waitingNotes', headers: who.headers, payload });
const notesOf = async (app: TestApp, who: SignedIn) =>
  (await app.inject({ method: 'GET', url: '/api/users/waitingNotes', headers: who.headers })).json<
    WaitingNote[]
  >();
const withdraw = (app: TestApp, who: SignedIn, id: string) =>
  app.inject({ method: 'DELETE', url: `/api/users/waitingNotes?id=${id}`, headers: who.headers });
const waitingFor = async (app: TestApp, who: SignedIn, vehicleNumber: string) => {
  const response = await app.inject({
    method: 'GET',
    url: `/api/users/waitingNotes/count?vehicleNumber=${encodeURIComponent(vehicleNumber)}`,
    headers: who.headers,
  });
  expect(response.statusCode).toBe(200);
  return response.json<{ waiting: number }>().waiting;
};
const sentRequests = async (app: TestApp, who: SignedIn) =>
  (await app.inject({ method: 'GET', url: '/api/users/sentRequests', headers: who.headers })).json<
    SentRequest[]
  >();
const unread = async (app: TestApp, who: SignedIn) =>
  (await app.inject({ method: 'GET', url: '/api/users/unreadNotifications', headers: who.headers })).json<
    ServerNotification[]
  >();

/** A note left through the API; returns its answer. */
async function aNote(app: TestApp, who: SignedIn, payload: object): Promise<LeftWaitingNote> {
  const response = await leave(app, who, payload);
  expect(response.statusCode, response.body).toBe(201);
  return response.json<LeftWaitingNote>();
}

/** The first live event for `who` from now on that `matches` (on PostgreSQL it comes through NOTIFY). */
function nextEvent(app: TestApp, who: SignedIn, matches: (event: LiveEvent) => boolean): Promise<LiveEvent> {
  return new Promise((resolve) => {
    const stop = app.app.notificationBus.subscribe(userTopic(who.user._id), (event) => {
      if (!matches(event)) return;
      stop();
      resolve(event);
    });
  });
}

const requestEvent = (id: string, matches: (request: SentRequest) => boolean) => (event: LiveEvent) =>
  event.kind === 'request' && event.request._id === id && matches(event.request);
const notificationEvent = (id: string) => (event: LiveEvent) =>
  event.kind === 'notification' && event.notification._id === id;

describe('leaving a note for a number nobody has registered', () => {
  it('answers 201 with the note, kept WAITING_NOTE_DAYS, and lists it as the sender’s own', async () => {
    const sender = await t.signUp();
    const vehicleNumber = nextVehicleNumber();
    const left = await aNote(t, sender, { vehicleNumber, templateKey: 'blocking' });
    expect(left).toEqual({
      _id: expect.any(String),
      vehicleNumber: vehicleNumber.toUpperCase(),
      expiresAt: new Date(t.clock.now().getTime() + 7 * DAY_MS).toISOString(),
    });
    expect(await notesOf(t, sender)).toEqual([
      {
        _id: left._id,
        vehicleNumber: vehicleNumber.toUpperCase(),
        templateKey: 'blocking',
        text: null,
        createdAt: t.clock.now().toISOString(),
        expiresAt: left.expiresAt,
        deliveredAt: null,
        expired: false,
      },
    ]);
  });

  it('takes a short text of the sender’s own', async () => {
    const sender = await t.signUp();
    await aNote(t, sender, { vehicleNumber: nextVehicleNumber(), text: '  Blocking the church gate  ' });
    expect((await notesOf(t, sender))[0]).toMatchObject({
      templateKey: null,
      text: 'Blocking the church gate',
    });
  });

  it.each([
    ['a phone number in the text', { text: 'Call me on 98470 12345' }],
    ['a link in the text', { text: 'See www.example.com' }],
    ['both a suggestion and a text', { templateKey: 'blocking', text: 'Move it' }],
    ['neither a suggestion nor a text', {}],
    ['an unknown suggestion', { templateKey: 'threat' }],
    ['a text over 200 characters', { text: 'a'.repeat(201) }],
  ])('refuses %s with 400 and stores nothing', async (_name, body) => {
    const sender = await t.signUp();
    const response = await leave(t, sender, { vehicleNumber: nextVehicleNumber(), ...body });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: expect.any(String) });
    expect(await notesOf(t, sender)).toEqual([]);
  });

  it('refuses a second open note for the same number with 409, and takes one again once withdrawn', async () => {
    const sender = await t.signUp();
    const vehicleNumber = nextVehicleNumber();
    const first = await aNote(t, sender, { vehicleNumber, templateKey: 'blocking' });
    const again = await leave(t, sender, { vehicleNumber: vehicleNumber.toUpperCase(), text: 'Again' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: 'You already have a note waiting for this vehicle.' });
    expect((await withdraw(t, sender, first._id)).statusCode).toBe(200);
    await aNote(t, sender, { vehicleNumber, text: 'Again' });
  });

  it(`refuses the note past WAITING_NOTES_PER_USER_DAY (${PER_DAY}) with 429 until a day has passed`, async () => {
    const sender = await t.signUp();
    for (let i = 0; i < PER_DAY; i++)
      await aNote(t, sender, { vehicleNumber: nextVehicleNumber(), text: 'Hi' });
    const refused = await leave(t, sender, { vehicleNumber: nextVehicleNumber(), text: 'One more' });
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBe(86_400);
    expect(await notesOf(t, sender)).toHaveLength(PER_DAY);
    t.clock.advance(DAY_MS);
    await aNote(t, sender, { vehicleNumber: nextVehicleNumber(), text: 'One more' });
  });

  it('answers 401 without a session', async () => {
    const response = await t.inject({
      method: 'POST',
      url: '/api/users/waitingNotes',
      payload: { vehicleNumber: nextVehicleNumber(), templateKey: 'blocking' },
    });
    expect(response.statusCode).toBe(401);
  });
});

describe('the sender’s data export', () => {
  it('holds the notes they left', async () => {
    const sender = await t.signUp();
    const note = await aNote(t, sender, { vehicleNumber: nextVehicleNumber(), text: 'Blocking the gate' });
    const response = await t.inject({ method: 'GET', url: '/api/users/exportData', headers: sender.headers });
    expect(response.json<AccountExport>().waitingNotes).toEqual([
      expect.objectContaining({ _id: note._id, text: 'Blocking the gate', expired: false }),
    ]);
  });
});

describe('withdrawing a note', () => {
  it('deletes the sender’s own note', async () => {
    const sender = await t.signUp();
    const note = await aNote(t, sender, { vehicleNumber: nextVehicleNumber(), templateKey: 'attention' });
    const response = await withdraw(t, sender, note._id);
    expect(response.json()).toEqual({ message: 'Note withdrawn' });
    expect(await notesOf(t, sender)).toEqual([]);
  });

  it('answers 404 for another user’s note and leaves it waiting', async () => {
    const [sender, other] = [await t.signUp(), await t.signUp()];
    const vehicleNumber = nextVehicleNumber();
    const note = await aNote(t, sender, { vehicleNumber, templateKey: 'attention' });
    expect((await withdraw(t, other, note._id)).statusCode).toBe(404);
    expect(await notesOf(t, sender)).toHaveLength(1);
    expect(await waitingFor(t, other, vehicleNumber)).toBe(1);
  });

  it('answers 409 for a note that already reached the owner', async () => {
    const [sender, owner] = [await t.signUp(), await t.signUp()];
    const vehicleNumber = nextVehicleNumber();
    const note = await aNote(t, sender, { vehicleNumber, templateKey: 'attention' });
    await addVehicle(t, owner, { vehicleNumber });
    expect((await withdraw(t, sender, note._id)).statusCode).toBe(409);
  });
});

describe('how many are waiting for a number', () => {
  it('counts the open notes of every sender: a number, never who', async () => {
    const [first, second, searcher] = [await t.signUp(), await t.signUp(), await t.signUp()];
    const vehicleNumber = nextVehicleNumber();
    expect(await waitingFor(t, searcher, vehicleNumber)).toBe(0);
    await aNote(t, first, { vehicleNumber, templateKey: 'blocking' });
    await aNote(t, second, { vehicleNumber, text: 'Please move' });
    const response = await t.inject({
      method: 'GET',
      url: `/api/users/waitingNotes/count?vehicleNumber=${vehicleNumber.toUpperCase()}`,
      headers: searcher.headers,
    });
    expect(response.json()).toEqual({ waiting: 2 });
  });

  it('does not count expired or delivered notes', async () => {
    const [sender, other, owner] = [await t.signUp(), await t.signUp(), await t.signUp()];
    const [expiring, delivered] = [nextVehicleNumber(), nextVehicleNumber()];
    await aNote(t, sender, { vehicleNumber: expiring, templateKey: 'blocking' });
    await aNote(t, other, { vehicleNumber: delivered, templateKey: 'blocking' });
    await addVehicle(t, owner, { vehicleNumber: delivered });
    expect(await waitingFor(t, owner, delivered)).toBe(0);
    t.clock.advance(7 * DAY_MS);
    expect(await waitingFor(t, owner, expiring)).toBe(0);
  });

  it('count probes run out the daily search budget (SEARCHES_PER_USER_DAY, shared with owner search): 429', async () => {
    const limited = await createTestApp({ env: { SEARCHES_PER_USER_DAY: '3' } });
    try {
      const prober = await limited.signUp();
      const probe = () =>
        limited.inject({
          method: 'GET',
          url: `/api/users/waitingNotes/count?vehicleNumber=${nextVehicleNumber()}`,
          headers: prober.headers,
        });
      const search = await limited.inject({
        method: 'POST',
        url: '/api/users/getVehicleOwner',
        headers: prober.headers,
        payload: { vehicleNumber: nextVehicleNumber() },
      });
      expect(search.statusCode).toBe(200);
      for (let i = 0; i < 2; i++) expect((await probe()).statusCode).toBe(200);
      const refused = await probe();
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toEqual({ message: expect.any(String) });
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      const searchAfter = await limited.inject({
        method: 'POST',
        url: '/api/users/getVehicleOwner',
        headers: prober.headers,
        payload: { vehicleNumber: nextVehicleNumber() },
      });
      expect(searchAfter.statusCode).toBe(429);
    } finally {
      await limited.close();
    }
  });

  it('refuses a malformed number with 400', async () => {
    const who = await t.signUp();
    const response = await t.inject({
      method: 'GET',
      url: '/api/users/waitingNotes/count?vehicleNumber=nonsense',
      headers: who.headers,
    });
    expect(response.statusCode).toBe(400);
  });
});

describe('delivery when the number is registered', () => {
  it('shows the note as waiting among the sender’s requests until then', async () => {
    const sender = await t.signUp();
    const vehicleNumber = nextVehicleNumber();
    const plate = vehicleNumber.toUpperCase();
    const note = await aNote(t, sender, { vehicleNumber, templateKey: 'blocking' });
    expect(await sentRequests(t, sender)).toEqual([
      {
        _id: note._id,
        vehicleNumber: plate,
        content: BLOCKING(plate),
        sentAt: t.clock.now().toISOString(),
        deliveredAt: null,
        seenAt: null,
        reply: null,
        reminderSentAt: null,
        fallbacks: [],
        waitingUntil: note.expiresAt,
        expired: false,
      },
    ]);
  });

  it('delivers every open note to the registration, in the bell and live, written when it was left', async () => {
    const [first, second, owner] = [
      await t.signUp({ name: 'Rahul Nair' }),
      await t.signUp(),
      await t.signUp({ language: 'ml' }),
    ];
    const vehicleNumber = nextVehicleNumber();
    const writtenAt = t.clock.now().toISOString();
    const firstNote = await aNote(t, first, { vehicleNumber, templateKey: 'blocking' });
    const secondNote = await aNote(t, second, { vehicleNumber, text: 'Blocking the gate' });
    t.clock.advance(2 * DAY_MS);
    const heard = Promise.all([
      nextEvent(t, owner, notificationEvent(firstNote._id)),
      nextEvent(t, owner, notificationEvent(secondNote._id)),
      nextEvent(
        t,
        first,
        requestEvent(firstNote._id, (request) => request.waitingUntil === null),
      ),
    ]);
    await addVehicle(t, owner, { vehicleNumber });

    const inbox = await unread(t, owner);
    expect(inbox.map((notification) => notification._id).sort()).toEqual(
      [firstNote._id, secondNote._id].sort(),
    );
    expect(inbox.find((notification) => notification._id === firstNote._id)).toMatchObject({
      senderId: { name: 'Rahul Nair' },
      sentAt: writtenAt,
      system: false,
    });
    expect(inbox.find((notification) => notification._id === secondNote._id)?.content).toBe(
      'Blocking the gate',
    );
    const [, , senderHeard] = await heard;
    expect(senderHeard).toMatchObject({ request: { sentAt: writtenAt, deliveredAt: null } });
    expect(await sentRequests(t, first)).toEqual([
      expect.objectContaining({ _id: firstNote._id, waitingUntil: null, expired: false, sentAt: writtenAt }),
    ]);
  });

  it('is answered with the close-the-loop answers, which reach the sender', async () => {
    const [sender, owner] = [await t.signUp(), await t.signUp()];
    const vehicleNumber = nextVehicleNumber();
    const note = await aNote(t, sender, { vehicleNumber, templateKey: 'moveSoon' });
    await addVehicle(t, owner, { vehicleNumber });
    const answer = nextEvent(
      t,
      sender,
      requestEvent(note._id, (request) => request.reply !== null),
    );
    const answered = await t.inject({
      method: 'POST',
      url: '/api/users/replyToNotification',
      headers: owner.headers,
      payload: { notificationId: note._id, kind: 'five_minutes' },
    });
    expect(answered.statusCode).toBe(201);
    expect(await answer).toMatchObject({ request: { reply: { kind: 'five_minutes' } } });
    expect((await sentRequests(t, sender))[0]?.reply?.kind).toBe('five_minutes');
  });

  it('delivers when a registration is renumbered to the number', async () => {
    const [sender, owner] = [await t.signUp(), await t.signUp()];
    const vehicleNumber = nextVehicleNumber();
    const note = await aNote(t, sender, { vehicleNumber, templateKey: 'relocate' });
    const vehicle = await addVehicle(t, owner);
    expect(await unread(t, owner)).toEqual([]);
    const renumbered = await t.inject({
      method: 'PATCH',
      url: '/api/users/updateVehicle',
      headers: owner.headers,
      payload: { id: vehicle._id, vehicleNumber },
    });
    expect(renumbered.statusCode).toBe(200);
    expect((await unread(t, owner)).map((notification) => notification._id)).toEqual([note._id]);
  });

  it('delivers at once a note left for a number that is registered already', async () => {
    const [sender, owner] = [await t.signUp(), await t.signUp()];
    const vehicle = await addVehicle(t, owner);
    const note = await aNote(t, sender, { vehicleNumber: vehicle.vehicleNumber, templateKey: 'obstruction' });
    expect((await unread(t, owner)).map((notification) => notification._id)).toEqual([note._id]);
    expect(await waitingFor(t, sender, vehicle.vehicleNumber)).toBe(0);
  });

  it('does not deliver a note to its own sender’s registration', async () => {
    const sender = await t.signUp();
    const vehicleNumber = nextVehicleNumber();
    await aNote(t, sender, { vehicleNumber, templateKey: 'blocking' });
    await addVehicle(t, sender, { vehicleNumber });
    expect(await unread(t, sender)).toEqual([]);
    expect(await waitingFor(t, sender, vehicleNumber)).toBe(1);
  });

  it('shows the sender’s phone to the owner only when the sender shows it', async () => {
    const [hidden, shown, owner] = [
      await t.signUp({ phoneVisible: false }),
      await t.signUp({ phoneVisible: true }),
      await t.signUp(),
    ];
    const vehicleNumber = nextVehicleNumber();
    const hiddenNote = await aNote(t, hidden, { vehicleNumber, templateKey: 'blocking' });
    const shownNote = await aNote(t, shown, { vehicleNumber, templateKey: 'blocking' });
    await addVehicle(t, owner, { vehicleNumber });
    const inbox = await unread(t, owner);
    const body = JSON.stringify(inbox);
    expect(body).not.toContain(hidden.user.phone);
    expect(inbox.find((notification) => notification._id === hiddenNote._id)?.senderId.phone).toBeUndefined();
    expect(inbox.find((notification) => notification._id === shownNote._id)?.senderId.phone).toBe(
      shown.user.phone,
    );
    expect(JSON.stringify(await sentRequests(t, hidden))).not.toContain(owner.user.phone);
  });

  it('does not reach an owner who blocked the sender', async () => {
    const [sender, owner] = [await t.signUp(), await t.signUp()];
    const vehicle = await addVehicle(t, owner);
    const sent = await t.inject({
      method: 'POST',
      url: '/api/users/sendMessage',
      headers: sender.headers,
      payload: { userId: owner.user._id, vehicleId: vehicle._id, message: 'First' },
    });
    const blocked = await t.inject({
      method: 'POST',
      url: '/api/users/blockSender',
      headers: owner.headers,
      payload: { notificationId: sent.json<{ _id: string }>()._id },
    });
    expect(blocked.statusCode).toBe(200);
    const vehicleNumber = nextVehicleNumber();
    await aNote(t, sender, { vehicleNumber, templateKey: 'blocking' });
    await addVehicle(t, owner, { vehicleNumber });
    expect((await unread(t, owner)).map((notification) => notification.content)).toEqual(['First']);
  });
});

describe('expiry', () => {
  it('reaches nobody after WAITING_NOTE_DAYS, and shows the sender that it expired', async () => {
    const [sender, owner] = [await t.signUp(), await t.signUp()];
    const vehicleNumber = nextVehicleNumber();
    const note = await aNote(t, sender, { vehicleNumber, templateKey: 'blocking' });
    t.clock.advance(7 * DAY_MS);
    await addVehicle(t, owner, { vehicleNumber });
    expect(await unread(t, owner)).toEqual([]);
    expect(await sentRequests(t, sender)).toEqual([
      expect.objectContaining({ _id: note._id, waitingUntil: null, expired: true, deliveredAt: null }),
    ]);
    expect((await notesOf(t, sender))[0]).toMatchObject({ expired: true, deliveredAt: null });
  });

  it('is deleted by the retention sweep WAITING_NOTE_DAYS after it expired', async () => {
    const sender = await t.signUp();
    await aNote(t, sender, { vehicleNumber: nextVehicleNumber(), templateKey: 'blocking' });
    const sweep = () => sweepWaitingNotes(t.app.database.db, t.app.config.waitingNotes.days, t.clock.now());
    t.clock.advance(14 * DAY_MS - 1000);
    await sweep();
    expect(await notesOf(t, sender)).toHaveLength(1);
    t.clock.advance(2000);
    await sweep();
    expect(await notesOf(t, sender)).toEqual([]);
  });
});

describe('with an RC provider configured', () => {
  let fake: FakeCashfree;
  let rc: TestApp;
  beforeAll(async () => {
    fake = await startFakeCashfree();
    rc = await createTestApp({
      env: {
        RC_PROVIDER: 'cashfree',
        CASHFREE_CLIENT_ID: 'CF-client',
        CASHFREE_CLIENT_SECRET: 'cf-secret',
        CASHFREE_BASE_URL: fake.url,
        // The hold is for plates nobody can prove: with a provider, the proof decides.
        WAITING_NOTE_HOLD_HOURS: '24',
      },
    });
  });
  afterAll(async () => {
    await rc.close();
    fake.close();
  });

  it('delivers only once a registration of the number is verified, with no hold', async () => {
    const [sender, owner] = [await rc.signUp(), await rc.signUp()];
    const vehicleNumber = nextVehicleNumber();
    const note = await aNote(rc, sender, { vehicleNumber, templateKey: 'blocking' });
    const vehicle: Vehicle = await addVehicle(rc, owner, { vehicleNumber });
    expect(await unread(rc, owner)).toEqual([]);
    expect(await waitingFor(rc, sender, vehicleNumber)).toBe(1);
    expect((await sentRequests(rc, sender))[0]).toMatchObject({
      _id: note._id,
      waitingUntil: note.expiresAt,
    });
    const verified = await rc.inject({
      method: 'POST',
      url: '/api/users/verifyVehicle',
      headers: owner.headers,
      payload: { id: vehicle._id, chassisLast5: '12345', engineLast5: '54321' },
    });
    expect(verified.statusCode, verified.body).toBe(200);
    expect((await unread(rc, owner)).map((notification) => notification._id)).toEqual([note._id]);
    expect((await sentRequests(rc, sender))[0]).toMatchObject({ _id: note._id, waitingUntil: null });
  });
});
