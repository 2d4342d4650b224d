import { beforeAll, describe, expect, it } from 'vitest';
import type { SentRequest } from '#common/api';
import { type EventStream, listen, liveStreams, nextEventOf } from '../../testing/event-stream';
import { twoInstances } from '../../testing/test-app';
import { claimReminders } from './repository';
import { addNumberedVehicle, messageAbout, reply } from '../../testing/request-fixtures';

/** Two server instances on one PostgreSQL database, as behind a load balancer. */
describe.runIf(process.env.TEST_DATABASE === 'postgres')('the request lifecycle across instances', () => {
  // Reminders far away: the race below calls the claim itself.
  const apps = twoInstances({ env: { REMINDER_AFTER_S: '3600' } });
  const base: Record<'first' | 'second', string> = { first: '', second: '' };
  beforeAll(async () => {
    base.first = await listen(apps.first.app);
    base.second = await listen(apps.second.app);
  });

  const connect = liveStreams();

  const nextRequest = (stream: EventStream) => nextEventOf<SentRequest>(stream, 'request');

  it('tells a sender on one instance of the answer given through the other', async () => {
    const [sender, owner] = [await apps.first.signUp(), await apps.first.signUp()];
    const vehicle = await addNumberedVehicle(apps.first, owner);
    const notification = await messageAbout(apps.first, sender, owner, vehicle._id);
    const senderStream = await connect(sender, base.second);
    await reply(apps.first, owner, { notificationId: notification._id, kind: 'five_minutes' });
    expect(await nextRequest(senderStream)).toMatchObject({
      _id: notification._id,
      reply: { kind: 'five_minutes' },
    });
  });

  it('records delivery to a receiver streaming from the other instance, and tells the sender', async () => {
    const [sender, owner] = [await apps.first.signUp(), await apps.first.signUp()];
    const vehicle = await addNumberedVehicle(apps.first, owner);
    const senderStream = await connect(sender, base.first);
    const ownerStream = await connect(owner, base.second);
    const notification = await messageAbout(apps.first, sender, owner, vehicle._id);
    expect((await ownerStream.nextEvent())?.event).toBe('notification');
    expect(await nextRequest(senderStream)).toMatchObject({
      _id: notification._id,
      deliveredAt: expect.any(String),
    });
  });

  it('claims each due reminder on one instance only when both sweep at once', async () => {
    const [sender, owner] = [await apps.first.signUp(), await apps.first.signUp()];
    const vehicle = await addNumberedVehicle(apps.first, owner);
    const ids: string[] = [];
    for (let index = 0; index < 5; index += 1) {
      ids.push((await messageAbout(apps.first, sender, owner, vehicle._id, `Message ${index}`))._id);
    }
    const later = new Date(apps.first.clock.now().getTime() + 3600_000);
    const claimed = await Promise.all(
      [apps.first, apps.second, apps.first, apps.second].map((instance) =>
        claimReminders(instance.app.database.db, 3600, later),
      ),
    );
    const claimedIds = claimed.flat().map(({ row }) => row.id);
    expect(claimedIds.filter((id) => ids.includes(id)).sort()).toEqual([...ids].sort());
  });
});
