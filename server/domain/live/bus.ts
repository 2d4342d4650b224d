import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { z } from 'zod/mini';
import {
  sentRequest,
  serverNotification,
  type PushData,
  type ServerNotification,
  type SentRequest,
} from '#common/api';
import type { Announcement } from './announcement';
import { topic, topicKey, userTopic, type RequestTopic, type Topic, type UserTopic } from './topics';
import { within } from '../../lib/within';

/**
 * What a live stream receives: a new notification, a change to a request the user sent, word that it
 * may have missed some, or sessions ended (their streams end).
 */
export type LiveEvent =
  | { kind: 'notification'; notification: ServerNotification }
  | { kind: 'request'; request: SentRequest }
  | { kind: 'resync' }
  | { kind: 'sessions-ended'; sessionIds: string[] };
export type LiveListener = (event: LiveEvent) => void;

/** Hands a notification to the receiver's devices (the push feature, given by server/app.ts). */
export interface PushDelivery {
  /** Never throws: push is best effort. */
  send(receiverId: string, push: PushData): Promise<void>;
  close(): Promise<void>;
}

export interface LiveBusOptions {
  /** null when push is off. */
  push: PushDelivery | null;
  /** Called with a notification's id each time it reached a live stream of its receiver. */
  onDelivered: (notificationId: string) => void;
}

/** What a feature hands the bus: for the user `userId`, or for the `topic` of a request's change. */
export type Publication =
  | {
      kind: 'notification';
      userId: string;
      notification: ServerNotification;
      push: PushData;
      /** Its announcement was NOTIFYed by the statement that stored it: only the rest is left to do. */
      announced?: boolean;
    }
  /** A change to a request, for its sender's account; pushed too when `push` is given. */
  | { kind: 'request'; topic: UserTopic; request: SentRequest; push: PushData | null }
  /** A change to a request, for those who follow it by its status token (no account, no push). */
  | { kind: 'request'; topic: RequestTopic; request: SentRequest; push?: never }
  /** These sessions of the user ended: their live streams end at once, on every instance. */
  | { kind: 'sessions-ended'; userId: string; sessionIds: string[] };

/**
 * Delivers what features publish to the user's open apps (live channel) and devices (push).
 * `publish` never throws and never waits for delivery: the API answers as soon as the row is stored.
 */
export interface LiveNotificationBus {
  publish(publication: Publication): void;
  /**
   * The NOTIFY that tells every instance of a new notification, for the statement that stores it to
   * send in the same transaction: no round trip of its own, and heard only once the row is committed.
   * Null on PGlite, where publishing it (`announced`) delivers in process.
   */
  announcement(receiverId: string, notification: ServerNotification): Announcement | null;
  /** Calls `listener` with each live event for `topic`; returns the unsubscribe. */
  subscribe(topic: Topic, listener: LiveListener): () => void;
  listenerCount(topic: Topic): number;
  /** Resolves once the relays and pushes under way have finished (they never fail). */
  settled(): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    notificationBus: LiveNotificationBus;
  }
}

export const NOTIFY_CHANNEL = 'notifications';
/** PostgreSQL refuses a NOTIFY payload of 8000 bytes or more. */
const MAX_NOTIFY_BYTES = 7900;
/** Session ids (36 characters each) that fit one NOTIFY payload with room to spare. */
const SESSIONS_PER_NOTIFY = 150;
/** How long shutdown waits for NOTIFYs and pushes still on their way. */
const CLOSE_WAIT_MS = 5000;

/** The listeners of this server instance, by topic. */
class LocalListeners {
  private readonly byTopic = new Map<string, Set<LiveListener>>();

  constructor(private readonly log: FastifyBaseLogger) {}

  subscribe(to: Topic, listener: LiveListener): () => void {
    const key = topicKey(to);
    const listeners = this.byTopic.get(key) ?? new Set();
    listeners.add(listener);
    this.byTopic.set(key, listeners);
    return () => {
      listeners.delete(listener);
      if (listeners.size === 0 && this.byTopic.get(key) === listeners) this.byTopic.delete(key);
    };
  }

  count(to: Topic): number {
    return this.byTopic.get(topicKey(to))?.size ?? 0;
  }

  /** Hands the event to the topic's listeners; returns how many there were. */
  deliver(to: Topic, event: LiveEvent): number {
    const listeners = [...(this.byTopic.get(topicKey(to)) ?? [])];
    for (const listener of listeners) this.call(listener, event);
    return listeners.length;
  }

  deliverToAll(event: LiveEvent): void {
    for (const listeners of [...this.byTopic.values()]) {
      for (const listener of [...listeners]) this.call(listener, event);
    }
  }

  private call(listener: LiveListener, event: LiveEvent): void {
    try {
      listener(event);
    } catch (error) {
      this.log.error({ err: error }, 'a live notification listener failed');
    }
  }
}

/** The NOTIFY payload; one too big for PostgreSQL names only the topic, whose streams then resync. */
function relayPayload(to: Topic, event: RelayedEvent): string {
  const full = JSON.stringify(
    event.kind === 'notification'
      ? { topic: to, notification: event.notification }
      : event.kind === 'request'
        ? { topic: to, request: event.request }
        : { topic: to, endedSessions: event.sessionIds },
  );
  return Buffer.byteLength(full) < MAX_NOTIFY_BYTES ? full : JSON.stringify({ topic: to });
}

type RelayedEvent = Exclude<LiveEvent, { kind: 'resync' }>;

/**
 * What relayPayload writes: a notification, a request update, or the sessions of a user that ended;
 * with none of them, the topic's streams resync.
 */
const relayMessage = z.object({
  topic,
  notification: z.optional(serverNotification),
  request: z.optional(sentRequest),
  endedSessions: z.optional(z.array(z.string())),
});

function parseRelayPayload(payload: string): { topic: Topic; event: LiveEvent } | null {
  let parsed;
  try {
    parsed = relayMessage.safeParse(JSON.parse(payload));
  } catch {
    return null;
  }
  if (!parsed.success) return null;
  const { topic: to, notification, request, endedSessions } = parsed.data;
  if (request) return { topic: to, event: { kind: 'request', request } };
  if (endedSessions) return { topic: to, event: { kind: 'sessions-ended', sessionIds: endedSessions } };
  return { topic: to, event: notification ? { kind: 'notification', notification } : { kind: 'resync' } };
}

/**
 * `app.notificationBus`: delivers each new notification to its receiver's live streams (in process on
 * PGlite; through PostgreSQL LISTEN/NOTIFY so every server instance on the database serves its own
 * streams) and, with Firebase configured, to the receiver's devices by push.
 */
export default fp(
  async function liveBus(app: FastifyInstance, { push, onDelivered }: LiveBusOptions) {
    const local = new LocalListeners(app.log);
    const delivered = (notificationId: string) => {
      try {
        onDelivered(notificationId);
      } catch (error) {
        app.log.error({ err: error }, 'recording a delivery failed');
      }
    };
    /** Hands the event to this instance's streams, noting a notification that reached one. */
    const deliverHere = (to: Topic, event: LiveEvent) => {
      const reached = local.deliver(to, event);
      if (reached > 0 && event.kind === 'notification') delivered(event.notification._id);
    };
    const pending = new Set<Promise<void>>();
    const track = (task: Promise<void>) => {
      pending.add(task);
      const settle = () => pending.delete(task);
      task.then(settle, settle);
    };
    // Other instances hear this one through PostgreSQL; on PGlite there is no other instance.
    const relaying = app.database.kind === 'postgres';
    if (relaying) {
      await app.database.listen(NOTIFY_CHANNEL, {
        onPayload: (payload) => {
          const relayed = parseRelayPayload(payload);
          if (relayed) deliverHere(relayed.topic, relayed.event);
          else app.log.warn('ignored a malformed live notification');
        },
        // Whatever was sent while not listening is lost: every stream reconnects and refetches.
        onResumed: () => local.deliverToAll({ kind: 'resync' }),
      });
    }

    async function relay(to: Topic, event: RelayedEvent): Promise<void> {
      try {
        const payload = relayPayload(to, event);
        await app.database.db.execute(sql`select pg_notify(${NOTIFY_CHANNEL}, ${payload})`);
      } catch (error) {
        app.log.warn({ err: error }, 'live notification: NOTIFY failed, delivering on this instance only');
        deliverHere(to, event);
      }
    }

    function publishEvent(to: Topic, event: RelayedEvent, announced: boolean) {
      if (!relaying) setImmediate(() => deliverHere(to, event));
      else if (!announced) track(relay(to, event));
    }

    /** The push service taking a push is not a delivery: the worker reports the pushes it showed. */
    function pushTo(userId: string, pushData: PushData | null) {
      if (push && pushData) track(push.send(userId, pushData));
    }

    function endSessions(userId: string, sessionIds: string[]) {
      const to = userTopic(userId);
      // Ended here at once; a NOTIFY that fails is retried by no one, so the maximum stream
      // lifetime bounds what another instance could still deliver.
      local.deliver(to, { kind: 'sessions-ended', sessionIds });
      if (!relaying) return;
      for (let start = 0; start < sessionIds.length; start += SESSIONS_PER_NOTIFY) {
        const ended = sessionIds.slice(start, start + SESSIONS_PER_NOTIFY);
        track(relay(to, { kind: 'sessions-ended', sessionIds: ended }));
      }
    }

    app.decorate('notificationBus', {
      publish(publication) {
        try {
          switch (publication.kind) {
            case 'notification': {
              const { userId, notification, push: pushData, announced = false } = publication;
              publishEvent(userTopic(userId), { kind: 'notification', notification }, announced);
              pushTo(userId, pushData);
              break;
            }
            case 'request': {
              const { topic: to, request, push: pushData = null } = publication;
              publishEvent(to, { kind: 'request', request }, false);
              if (to.kind === 'user') pushTo(to.userId, pushData);
              break;
            }
            case 'sessions-ended':
              endSessions(publication.userId, publication.sessionIds);
          }
        } catch (error) {
          app.log.error({ err: error }, 'publishing a live event failed');
        }
      },
      announcement(receiverId, notification) {
        if (!relaying) return null;
        return {
          channel: NOTIFY_CHANNEL,
          payload: relayPayload(userTopic(receiverId), { kind: 'notification', notification }),
        };
      },
      subscribe: (to, listen) => local.subscribe(to, listen),
      listenerCount: (to) => local.count(to),
      settled: async () => {
        await Promise.allSettled([...pending]);
      },
    } satisfies LiveNotificationBus);

    app.addHook('onClose', async () => {
      await within(app.notificationBus.settled(), CLOSE_WAIT_MS).catch(() => undefined);
      await push?.close().catch((error: unknown) => app.log.warn({ err: error }, 'closing push failed'));
    });
  },
  { name: 'live-bus', dependencies: ['database'] },
);
