import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { listen, openEventStream, type EventStream } from '../../testing/event-stream';
import { twoInstances } from '../../testing/test-app';
import { aCard, last4, sentThroughCard } from '../../testing/card-fixtures';

/** Two server instances on one PostgreSQL database, as behind a load balancer. */
describe.runIf(process.env.TEST_DATABASE === 'postgres')('card requests across instances', () => {
  const apps = twoInstances();
  let secondBase = '';
  beforeAll(async () => {
    secondBase = await listen(apps.second.app);
  });
  const opened: EventStream[] = [];
  afterEach(() => {
    for (const stream of opened.splice(0)) stream.close();
  });

  it('carries the owner’s answer given on one instance to the stranger’s stream on the other', async () => {
    const { owner, vehicle, card } = await aCard(apps.first);
    const { requestId, statusToken } = await sentThroughCard(apps.first, card.code, {
      plateLast4: last4(vehicle),
      templateKey: 'blocking',
    });
    const stream = await openEventStream(`${secondBase}/api/public/requests/${statusToken}/events`);
    opened.push(stream);
    expect((await stream.nextEvent())?.event).toBe('ready');
    expect((await stream.nextEvent())?.event).toBe('status');
    await apps.first.inject({
      method: 'POST',
      url: '/api/users/replyToNotification',
      payload: { notificationId: requestId, kind: 'five_minutes' },
      headers: owner.headers,
    });
    const frame = await stream.nextEvent();
    expect(frame?.event).toBe('status');
    expect(JSON.parse(frame?.data ?? 'null')).toMatchObject({ reply: { kind: 'five_minutes' } });
  });
});
