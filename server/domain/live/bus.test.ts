import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requestTopic, userTopic, type Topic } from './topics';
import { aSentRequest } from '../../testing/push-fixtures';
import { createTestApp, type TestApp } from '../../testing/test-app';
import type { LiveEvent } from './bus';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** Every live event of `topic` from now on, and the first of them once it comes. */
function heardOn(topic: Topic) {
  const events: LiveEvent[] = [];
  let first: (event: LiveEvent) => void = () => undefined;
  const firstEvent = new Promise<LiveEvent>((resolve) => (first = resolve));
  const stop = t.app.notificationBus.subscribe(topic, (event) => {
    events.push(event);
    first(event);
  });
  return { events, firstEvent, stop };
}

describe('the live bus’s topics', () => {
  it('hands a change of a request followed by its status token to that request’s listeners only', async () => {
    const id = randomUUID();
    const followers = heardOn(requestTopic(id));
    const sameIdAsUser = heardOn(userTopic(id));
    const request = aSentRequest(id);

    t.app.notificationBus.publish({ kind: 'request', topic: requestTopic(id), request });
    expect(await followers.firstEvent).toEqual({ kind: 'request', request });
    // Heard after the first on the same listening connection: a misrouted first would be here already.
    const forUser = { ...request, content: 'For the account' };
    t.app.notificationBus.publish({ kind: 'request', topic: userTopic(id), request: forUser, push: null });
    expect(await sameIdAsUser.firstEvent).toEqual({ kind: 'request', request: forUser });
    expect(sameIdAsUser.events).toHaveLength(1);
    expect(followers.events).toHaveLength(1);
    followers.stop();
    sameIdAsUser.stop();
  });

  it('counts listeners by topic', () => {
    const id = randomUUID();
    const stop = t.app.notificationBus.subscribe(requestTopic(id), () => undefined);
    expect(t.app.notificationBus.listenerCount(requestTopic(id))).toBe(1);
    expect(t.app.notificationBus.listenerCount(userTopic(id))).toBe(0);
    stop();
    expect(t.app.notificationBus.listenerCount(requestTopic(id))).toBe(0);
  });
});
