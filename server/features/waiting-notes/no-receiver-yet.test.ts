import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LeftWaitingNote, SentRequest } from '#common/api';
import { fallbackSteps, requests } from '../../db/schema';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { addNumberedVehicle, messageAbout } from '../../testing/request-fixtures';
import { post } from '../../testing/user-api';
import { nextVehicleNumber } from '../../testing/vehicle-fixtures';

const REMINDER_AFTER_S = 60;
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    env: { REMINDER_AFTER_S: String(REMINDER_AFTER_S), SENDS_PER_SENDER_MINUTE: '1' },
  });
});
afterAll(() => t.close());

describe('a note waiting for its number, a request with no receiver yet', () => {
  it('is neither reminded nor laddered, and counts in no window of messages', async () => {
    const [sender, owner] = [await t.signUp(), await t.signUp()];
    const left = await post(
      t,
      '/api/users/waitingNotes',
      { vehicleNumber: nextVehicleNumber(), text: 'Move' },
      sender,
    );
    expect(left.statusCode, left.body).toBe(201);
    const note = left.json<LeftWaitingNote>();
    // The sender's one message a minute is still theirs to send.
    const vehicle = await addNumberedVehicle(t, owner);
    await messageAbout(t, sender, owner, vehicle._id);

    t.clock.advance(REMINDER_AFTER_S * 1000);
    await t.app.requestReminders.sweep();
    await t.app.fallbackLadder.sweep();
    const [row] = await t.app.database.db.select().from(requests).where(eq(requests.id, note._id));
    expect(row).toMatchObject({ receiverId: null, reminderSentAt: null });
    expect(
      await t.app.database.db.select().from(fallbackSteps).where(eq(fallbackSteps.notificationId, note._id)),
    ).toEqual([]);
    const sent = await t.inject({ method: 'GET', url: '/api/users/sentRequests', headers: sender.headers });
    expect(sent.json<SentRequest[]>().find((request) => request._id === note._id)).toMatchObject({
      reminderSentAt: null,
      waitingUntil: note.expiresAt,
    });
  });
});
