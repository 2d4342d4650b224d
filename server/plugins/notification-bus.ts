import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { ServerNotification } from '#common/api';
import { createFirebaseTransport } from '../features/push/firebase-transport';
import { PushSender } from '../features/push/push-sender';
import type { NotificationBus } from '../lib/notification-bus';
import { PgListener } from '../lib/pg-listener';

/** What a live stream receives: a new notification, or word that it may have missed some. */
export type LiveEvent = { kind: 'notification'; notification: ServerNotification } | { kind: 'resync' };
export type LiveListener = (event: LiveEvent) => void;

export interface LiveNotificationBus extends NotificationBus {
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

  deliver(receiverId: string, event: LiveEvent): void {
    for (const listener of [...(this.byReceiver.get(receiverId) ?? [])]) this.call(listener, event);
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
function relayPayload(receiverId: string, notification: ServerNotification): string {
  const full = JSON.stringify({ receiverId, notification });
  return Buffer.byteLength(full) < MAX_NOTIFY_BYTES ? full : JSON.stringify({ receiverId });
}

function parseRelayPayload(payload: string): { receiverId: string; event: LiveEvent } | null {
  let value: { receiverId?: unknown; notification?: unknown };
  try {
    value = JSON.parse(payload) as typeof value;
  } catch {
    return null;
  }
  const { receiverId, notification } = value ?? {};
  if (typeof receiverId !== 'string') return null;
  if (notification === undefined) return { receiverId, event: { kind: 'resync' } };
  if (typeof notification !== 'object' || typeof (notification as { _id?: unknown })?._id !== 'string') {
    return null;
  }
  return { receiverId, event: { kind: 'notification', notification: notification as ServerNotification } };
}

/**
 * `app.notificationBus`: delivers each new notification to its receiver's live streams (in process on
 * PGlite; through PostgreSQL LISTEN/NOTIFY so every server instance on the database serves its own
 * streams) and, with Firebase configured, to the receiver's devices by push.
 */
export default fp(
  async function notificationBus(app: FastifyInstance) {
    const local = new LocalListeners(app.log);
    const pending = new Set<Promise<void>>();
    const track = (task: Promise<void>) => {
      pending.add(task);
      const settle = () => pending.delete(task);
      task.then(settle, settle);
    };
    const { firebase, database } = app.config;
    const push = firebase
      ? new PushSender(app.database.db, createFirebaseTransport(firebase.serviceAccount), app.log)
      : null;

    const listener =
      database.kind === 'postgres'
        ? new PgListener({
            url: database.url,
            channel: NOTIFY_CHANNEL,
            log: app.log,
            onNotification: (payload) => {
              const relayed = parseRelayPayload(payload);
              if (relayed) local.deliver(relayed.receiverId, relayed.event);
              else app.log.warn('ignored a malformed live notification');
            },
            // Whatever was sent while not listening is lost: every stream reconnects and refetches.
            onResumed: () => local.deliverToAll({ kind: 'resync' }),
          })
        : null;
    await listener?.start();

    async function relay(receiverId: string, notification: ServerNotification): Promise<void> {
      try {
        const payload = relayPayload(receiverId, notification);
        await app.database.db.execute(sql`select pg_notify(${NOTIFY_CHANNEL}, ${payload})`);
      } catch (error) {
        app.log.warn({ err: error }, 'live notification: NOTIFY failed, delivering on this instance only');
        local.deliver(receiverId, { kind: 'notification', notification });
      }
    }

    app.decorate('notificationBus', {
      publish(receiverId, notification, pushData) {
        try {
          if (listener) track(relay(receiverId, notification));
          else setImmediate(() => local.deliver(receiverId, { kind: 'notification', notification }));
          if (push) track(push.send(receiverId, pushData));
        } catch (error) {
          app.log.error({ err: error }, 'publishing a notification failed');
        }
      },
      subscribe: (receiverId, listen) => local.subscribe(receiverId, listen),
      listenerCount: (receiverId) => local.count(receiverId),
      settled: async () => {
        await Promise.allSettled([...pending]);
      },
    } satisfies LiveNotificationBus);

    app.addHook('onClose', async () => {
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([
        app.notificationBus.settled(),
        new Promise((resolve) => (timer = setTimeout(resolve, CLOSE_WAIT_MS))),
      ]);
      clearTimeout(timer);
      await listener?.close();
      await push?.close().catch((error: unknown) => app.log.warn({ err: error }, 'closing push failed'));
    });
  },
  { name: 'notification-bus', dependencies: ['database'] },
);
