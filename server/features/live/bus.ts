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
import type { Announcement } from '../../lib/announcement';
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

/** What a feature hands the bus, for the user `userId`. */
export type Publication =
  | {
      kind: 'notification';
      userId: string;
      notification: ServerNotification;
      push: PushData;
      /** Its announcement was NOTIFYed by the statement that stored it: only the rest is left to do. */
      announced?: boolean;
    }
  /** A change to a request the user sent; pushed too when `push` is given. */
  | { kind: 'request'; userId: string; request: SentRequest; push: PushData | null }
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
  /** Calls `listener` with each live event for `receiverId`; returns the unsubscribe. */
  subscribe(receiverId: string, listener: LiveListener): () => void;
  listenerCount(receiverId: string): number;
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

/** The listeners of this server instance, by receiver. */
class LocalListeners {
  private readonly byReceiver = new Map<string, Set<LiveListener>>();

  constructor(private readonly log: FastifyBaseLogger) {}

  subscribe(receiverId: string, listener: LiveListener): () => void {
    const listeners = this.byReceiver.get(receiverId) ?? new Set();
    listeners.add(listener);
    this.byReceiver.set(receiverId, listeners);
    return () => {
      listeners.delete(listener);
      if (listeners.size === 0 && this.byReceiver.get(receiverId) === listeners) {
        this.byReceiver.delete(receiverId);
      }
    };
  }

  count(receiverId: string): number {
    return this.byReceiver.get(receiverId)?.size ?? 0;
  }

  /** Hands the event to the receiver's listeners; returns how many there were. */
  deliver(receiverId: string, event: LiveEvent): number {
    const listeners = [...(this.byReceiver.get(receiverId) ?? [])];
    for (const listener of listeners) this.call(listener, event);
    return listeners.length;
  }

  deliverToAll(event: LiveEvent): void {
    for (const listeners of [...this.byReceiver.values()]) {
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

/** The NOTIFY payload; one too big for PostgreSQL names only the receiver, whose streams then resync. */
function relayPayload(receiverId: string, event: RelayedEvent): string {
  const full = JSON.stringify(
    event.kind === 'notification'
      ? { receiverId, notification: event.notification }
      : event.kind === 'request'
        ? { receiverId, request: event.request }
        : { receiverId, endedSessions: event.sessionIds },
  );
  return Buffer.byteLength(full) < MAX_NOTIFY_BYTES ? full : JSON.stringify({ receiverId });
}

type RelayedEvent = Exclude<LiveEvent, { kind: 'resync' }>;

/**
 * What relayPayload writes: a notification, a request update, or the sessions of a user that ended;
 * with none of them, the receiver's streams resync.
 */
const relayMessage = z.object({
  receiverId: z.string(),
  notification: z.optional(serverNotification),
  request: z.optional(sentRequest),
  endedSessions: z.optional(z.array(z.string())),
});

function parseRelayPayload(payload: string): { receiverId: string; event: LiveEvent } | null {
  let parsed;
  try {
    parsed = relayMessage.safeParse(JSON.parse(payload));
  } catch {
    return null;
  }
  if (!parsed.success) return null;
  const { receiverId, notification, request, endedSessions } = parsed.data;
  if (request) return { receiverId, event: { kind: 'request', request } };
  if (endedSessions) return { receiverId, event: { kind: 'sessions-ended', sessionIds: endedSessions } };
  return { receiverId, event: notification ? { kind: 'notification', notification } : { kind: 'resync' } };
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
    const deliverHere = (receiverId: string, event: LiveEvent) => {
      const reached = local.deliver(receiverId, event);
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
          if (relayed) deliverHere(relayed.receiverId, relayed.event);
          else app.log.warn('ignored a malformed live notification');
        },
        // Whatever was sent while not listening is lost: every stream reconnects and refetches.
        onResumed: () => local.deliverToAll({ kind: 'resync' }),
      });
    }

    async function relay(receiverId: string, event: RelayedEvent): Promise<void> {
      try {
        const payload = relayPayload(receiverId, event);
        await app.database.db.execute(sql`select pg_notify(${NOTIFY_CHANNEL}, ${payload})`);
      } catch (error) {
        app.log.warn({ err: error }, 'live notification: NOTIFY failed, delivering on this instance only');
        deliverHere(receiverId, event);
      }
    }

    function publishEvent(
      userId: string,
      event: RelayedEvent,
      pushData: PushData | null,
      announced: boolean,
    ) {
      if (!relaying) setImmediate(() => deliverHere(userId, event));
      else if (!announced) track(relay(userId, event));
      // The push service taking a push is not a delivery: the worker reports the pushes it showed.
      if (push && pushData) track(push.send(userId, pushData));
    }

    function endSessions(userId: string, sessionIds: string[]) {
      // Ended here at once; a NOTIFY that fails is retried by no one, so the maximum stream
      // lifetime bounds what another instance could still deliver.
      local.deliver(userId, { kind: 'sessions-ended', sessionIds });
      if (!relaying) return;
      for (let start = 0; start < sessionIds.length; start += SESSIONS_PER_NOTIFY) {
        const ended = sessionIds.slice(start, start + SESSIONS_PER_NOTIFY);
        track(relay(userId, { kind: 'sessions-ended', sessionIds: ended }));
      }
    }

    app.decorate('notificationBus', {
      publish(publication) {
        try {
          switch (publication.kind) {
            case 'notification': {
              const { userId, notification, push: pushData, announced = false } = publication;
              publishEvent(userId, { kind: 'notification', notification }, pushData, announced);
              break;
            }
            case 'request': {
              const { userId, request, push: pushData } = publication;
              publishEvent(userId, { kind: 'request', request }, pushData, false);
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
          payload: relayPayload(receiverId, { kind: 'notification', notification }),
        };
      },
      subscribe: (receiverId, listen) => local.subscribe(receiverId, listen),
      listenerCount: (receiverId) => local.count(receiverId),
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
