import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LeftWaitingNote, SentRequest, ServerNotification, Vehicle } from '#common/api';
import { eq } from 'drizzle-orm';
import { vehicleNumberReleases } from '../../db/schema';
import { createTestApp, type SignedIn, type TestApp } from '../../testing/test-app';
import { addVehicle, nextVehicleNumber } from '../../testing/vehicle-fixtures';

const HOLD_HOURS = 24;
const HOUR_MS = 3_600_000;
const HOLD_MS = HOLD_HOURS * HOUR_MS;
const MINUTE_MS = 60_000;

let t: TestApp;
beforeAll(async () => {
  // No RC provider (the default): who owns a plate is shown only by holding it.
  t = await createTestApp({ env: { WAITING_NOTE_HOLD_HOURS: String(HOLD_HOURS) } });
});
afterAll(() => t.close());

async function aNote(who: SignedIn, vehicleNumber: string): Promise<LeftWaitingNote> {
  const response = await t.inject({
    method: 'POST',
    url: '/api/users/waitingNotes',
    headers: who.headers,
    payload: { vehicleNumber, text: `Blocking the gate, from ${who.user.name}` },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<LeftWaitingNote>();
}

const unread = async (who: SignedIn) =>
  (await t.inject({ method: 'GET', url: '/api/users/unreadNotifications', headers: who.headers })).json<
    ServerNotification[]
  >();
const unreadIds = async (who: SignedIn) => (await unread(who)).map((notification) => notification._id).sort();

const sentRequests = async (who: SignedIn) =>
  (await t.inject({ method: 'GET', url: '/api/users/sentRequests', headers: who.headers })).json<
    SentRequest[]
  >();

async function renumber(who: SignedIn, vehicle: Vehicle, vehicleNumber: string): Promise<void> {
  const response = await t.inject({
    method: 'PATCH',
    url: '/api/users/updateVehicle',
    headers: who.headers,
    payload: { id: vehicle._id, vehicleNumber },
  });
  expect(response.statusCode, response.body).toBe(200);
}

async function deleteVehicle(who: SignedIn, vehicle: Vehicle): Promise<void> {
  const response = await t.inject({
    method: 'DELETE',
    url: `/api/users/deleteVehicle?id=${vehicle._id}`,
    headers: who.headers,
  });
  expect(response.statusCode, response.body).toBe(200);
}

/** The periodic job, run on demand: every note whose hold ended is delivered. */
const runTheJob = () => t.app.dueWaitingNotes.sweep();

describe('without an RC provider, waiting notes reach a registration that held the number alone for WAITING_NOTE_HOLD_HOURS', () => {
  it('renumbering one vehicle through other plates collects no note', async () => {
    const [sender, collector] = [await t.signUp({ name: 'Anu' }), await t.signUp()];
    const plates = [nextVehicleNumber(), nextVehicleNumber(), nextVehicleNumber()];
    for (const plate of plates) await aNote(sender, plate);
    const vehicle = await addVehicle(t, collector);
    for (const plate of plates) {
      await renumber(collector, vehicle, plate);
      await runTheJob();
      t.clock.advance(HOUR_MS);
    }
    await runTheJob();
    expect(await unread(collector)).toEqual([]);
    expect((await sentRequests(sender)).map((request) => request.waitingUntil)).not.toContain(null);
  });

  it('the real owner, registered for the hold, receives them by the job with no action', async () => {
    const [first, second, owner] = [await t.signUp(), await t.signUp(), await t.signUp()];
    const vehicleNumber = nextVehicleNumber();
    const notes = [await aNote(first, vehicleNumber), await aNote(second, vehicleNumber)];
    await addVehicle(t, owner, { vehicleNumber });
    expect(await unread(owner)).toEqual([]);
    t.clock.advance(HOLD_MS - MINUTE_MS);
    await runTheJob();
    expect(await unread(owner)).toEqual([]);
    t.clock.advance(MINUTE_MS);
    await runTheJob();
    expect(await unreadIds(owner)).toEqual(notes.map((note) => note._id).sort());
    expect((await sentRequests(first))[0]).toMatchObject({ _id: notes[0]?._id, waitingUntil: null });
  });

  it('delivers a note left for a number held for the hold already at once', async () => {
    const [sender, owner] = [await t.signUp(), await t.signUp()];
    const vehicle = await addVehicle(t, owner);
    t.clock.advance(HOLD_MS);
    const note = await aNote(sender, vehicle.vehicleNumber);
    expect(await unreadIds(owner)).toEqual([note._id]);
  });

  it('a renumber never delivers sooner: the hold starts when the registration took the number', async () => {
    const [sender, owner] = [await t.signUp(), await t.signUp()];
    const vehicleNumber = nextVehicleNumber();
    const note = await aNote(sender, vehicleNumber);
    const vehicle = await addVehicle(t, owner);
    t.clock.advance(HOLD_MS);
    await renumber(owner, vehicle, vehicleNumber);
    await runTheJob();
    expect(await unread(owner)).toEqual([]);
    t.clock.advance(HOLD_MS);
    await runTheJob();
    expect(await unreadIds(owner)).toEqual([note._id]);
  });

  it('delivers to neither of two registrations of the number, and to the one left once it held the number alone for the hold', async () => {
    const [sender, owner, claimant] = [await t.signUp(), await t.signUp(), await t.signUp()];
    const vehicleNumber = nextVehicleNumber();
    const note = await aNote(sender, vehicleNumber);
    await addVehicle(t, owner, { vehicleNumber });
    t.clock.advance(HOUR_MS);
    const claimed = await addVehicle(t, claimant, { vehicleNumber });
    t.clock.advance(HOLD_MS);
    await runTheJob();
    expect([...(await unread(owner)), ...(await unread(claimant))]).toEqual([]);

    await deleteVehicle(claimant, claimed);
    t.clock.advance(HOLD_MS - MINUTE_MS);
    await runTheJob();
    expect(await unread(owner)).toEqual([]);
    t.clock.advance(MINUTE_MS);
    await runTheJob();
    expect(await unreadIds(owner)).toEqual([note._id]);
  });

  it('restarts the hold when the account of another registration of the number is deleted', async () => {
    const [sender, owner, claimant] = [await t.signUp(), await t.signUp(), await t.signUp()];
    const vehicleNumber = nextVehicleNumber();
    const note = await aNote(sender, vehicleNumber);
    await addVehicle(t, owner, { vehicleNumber });
    await addVehicle(t, claimant, { vehicleNumber });
    t.clock.advance(HOLD_MS);
    const erased = await t.inject({ method: 'DELETE', url: '/api/users/account', headers: claimant.headers });
    expect(erased.statusCode, erased.body).toBe(200);
    await runTheJob();
    expect(await unread(owner)).toEqual([]);
    t.clock.advance(HOLD_MS);
    await runTheJob();
    expect(await unreadIds(owner)).toEqual([note._id]);
  });

  it('restarts the hold when another registration came and went within it', async () => {
    const [sender, owner, passerBy] = [await t.signUp(), await t.signUp(), await t.signUp()];
    const vehicleNumber = nextVehicleNumber();
    const note = await aNote(sender, vehicleNumber);
    await addVehicle(t, owner, { vehicleNumber });
    const passing = await addVehicle(t, passerBy);
    t.clock.advance(HOUR_MS);
    await renumber(passerBy, passing, vehicleNumber);
    t.clock.advance(MINUTE_MS);
    await renumber(passerBy, passing, nextVehicleNumber());
    t.clock.advance(HOLD_MS - MINUTE_MS);
    await runTheJob();
    expect(await unread(owner)).toEqual([]);
    t.clock.advance(MINUTE_MS);
    await runTheJob();
    expect(await unreadIds(owner)).toEqual([note._id]);
  });
});

describe('the numbers given up', () => {
  const releaseOf = async (vehicleNumber: string) =>
    t.app.database.db
      .select()
      .from(vehicleNumberReleases)
      .where(eq(vehicleNumberReleases.vehicleNumber, vehicleNumber));

  it('are kept for the hold, then forgotten by the job', async () => {
    const owner = await t.signUp();
    const vehicle = await addVehicle(t, owner);
    await renumber(owner, vehicle, nextVehicleNumber());
    expect(await releaseOf(vehicle.vehicleNumber.toLowerCase())).toEqual([
      { vehicleNumber: vehicle.vehicleNumber.toLowerCase(), releasedAt: t.clock.now() },
    ]);
    t.clock.advance(HOLD_MS);
    await runTheJob();
    expect(await releaseOf(vehicle.vehicleNumber.toLowerCase())).toHaveLength(1);
    t.clock.advance(1);
    await runTheJob();
    expect(await releaseOf(vehicle.vehicleNumber.toLowerCase())).toEqual([]);
  });
});

describe('with WAITING_NOTE_HOLD_HOURS=0', () => {
  let now: TestApp;
  beforeAll(async () => {
    now = await createTestApp({ env: { WAITING_NOTE_HOLD_HOURS: '0' } });
  });
  afterAll(() => now.close());

  it('delivery is as today: the registration receives the notes as soon as it is made', async () => {
    const [sender, owner] = [await now.signUp(), await now.signUp()];
    const vehicleNumber = nextVehicleNumber();
    const left = await now.inject({
      method: 'POST',
      url: '/api/users/waitingNotes',
      headers: sender.headers,
      payload: { vehicleNumber, templateKey: 'blocking' },
    });
    await addVehicle(now, owner, { vehicleNumber });
    const inbox = await now.inject({
      method: 'GET',
      url: '/api/users/unreadNotifications',
      headers: owner.headers,
    });
    expect(inbox.json<ServerNotification[]>().map((notification) => notification._id)).toEqual([
      left.json<LeftWaitingNote>()._id,
    ]);
  });
});
