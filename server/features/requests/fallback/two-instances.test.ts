import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fallbackSteps } from '../../../db/schema';
import { startFakeExotel, type FakeExotel } from '../../../providers/telephony/testing/fake-exotel';
import { startFakeMsg91, type FakeMsg91 } from '../../../providers/sms/testing/fake-msg91';
import { twoInstances } from '../../../testing/test-app';
import { aRequest, addNumberedVehicle, messageAbout, sentRequests } from '../../../testing/request-fixtures';
import { WEBHOOK_SECRET, callsTo, ladderEnv, smsTo, webhook } from '../../../testing/fallback-fixtures';

/** Two server instances on one PostgreSQL database, both sweeping the ladder, as behind a load balancer. */
describe.runIf(process.env.TEST_DATABASE === 'postgres')('the fallback ladder across instances', () => {
  let msg91: FakeMsg91;
  let exotel: FakeExotel;
  const env: Record<string, string> = {};
  beforeAll(async () => {
    [msg91, exotel] = await Promise.all([startFakeMsg91(), startFakeExotel()]);
    Object.assign(env, ladderEnv(msg91, exotel));
  });
  const apps = twoInstances({ env });
  afterAll(async () => {
    msg91.close();
    await exotel.close();
  });

  /** Both instances' clocks move on, and both sweep at once. */
  async function bothSweepAfter(ms: number): Promise<void> {
    apps.first.clock.advance(ms);
    apps.second.clock.advance(ms);
    await Promise.all([apps.first.app.fallbackLadder.sweep(), apps.second.app.fallbackLadder.sweep()]);
  }

  it('sends each step once, and takes the keypad answer on the instance that did not place the call', async () => {
    const requests = [await aRequest(apps.first), await aRequest(apps.second), await aRequest(apps.first)];
    await bothSweepAfter(60_000);
    await bothSweepAfter(240_000);
    await bothSweepAfter(1000);
    for (const { owner } of requests) {
      expect(smsTo(msg91, owner)).toHaveLength(1);
      expect(callsTo(exotel, owner)).toHaveLength(1);
    }
    const [{ sender, notification }] = requests as [(typeof requests)[number]];
    for (const app of [apps.first, apps.second]) {
      const steps = (await sentRequests(app, sender)).find((request) => request._id === notification._id);
      expect(steps?.fallbacks.map((step) => step.channel)).toEqual(['sms', 'call']);
    }
    const [placed] = await apps.second.app.database.db
      .select({ callSid: fallbackSteps.callSid })
      .from(fallbackSteps)
      .where(and(eq(fallbackSteps.notificationId, notification._id), eq(fallbackSteps.channel, 'call')));
    const answered = await webhook(apps.second, 'answer', {
      secret: WEBHOOK_SECRET,
      CallSid: placed?.callSid ?? '',
      CustomField: notification._id,
      digits: '"3"',
    });
    expect(answered.statusCode).toBe(200);
    const [request] = await sentRequests(apps.first, sender);
    expect(request?.reply?.kind).toBe('fifteen_minutes');
  });

  it("passes no sender's daily budget when both instances take that sender's steps at once", async () => {
    const sender = await apps.first.signUp();
    const owners = [];
    for (let index = 0; index < 8; index += 1) {
      const owner = await apps.first.signUp();
      await messageAbout(apps.first, sender, owner, (await addNumberedVehicle(apps.first, owner))._id);
      owners.push(owner);
    }
    await bothSweepAfter(300_000);
    expect(owners.flatMap((owner) => smsTo(msg91, owner))).toHaveLength(5);
    expect(owners.flatMap((owner) => callsTo(exotel, owner))).toHaveLength(2);
  });
});
