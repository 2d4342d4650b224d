import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import { within } from '../lib/within';

/** What one part of the server hears on a channel. */
export interface ChannelSubscription {
  onPayload: (payload: string) => void;
  /** Called once LISTENing again after a time without: whatever was sent meanwhile was missed. */
  onResumed?: () => void;
  /** Called each time the connection is lost (or could not be made): payloads go unheard until onResumed. */
  onDropped?: () => void;
}

export interface PgListenerOptions {
  url: string;
  log: Pick<FastifyBaseLogger, 'warn' | 'info'>;
  /**
   * How often the listening session is asked to answer, in ms; no answer within as long again
   * counts as a lost connection. HEARTBEAT_MS unless given.
   */
  heartbeatMs?: number;
}

/** Lets operators (and tests) find the listening session in pg_stat_activity. */
export const LISTENER_APPLICATION_NAME = 'vahan-listener';
const FIRST_RETRY_MS = 250;
const MAX_RETRY_MS = 10_000;
/**
 * A connection can die without a reset (a NAT or firewall forgetting it, a frozen host): nothing
 * arrives and nothing says so until TCP keepalive gives up, minutes later. Asking every few seconds
 * bounds how long notifications go unheard while the listener believes it is listening.
 */
const HEARTBEAT_MS = 5000;
const CLOSE_WAIT_MS = 1000;

/**
 * The one PostgreSQL session of an instance that LISTENs, on every channel a part of the server
 * subscribed to (a pool cannot hold a LISTEN: its clients come and go). It connects at the first
 * subscription and reconnects with exponential backoff whenever the connection is lost.
 */
export class PgListener {
  private readonly subscriptions = new Map<string, Set<ChannelSubscription>>();
  private client: pg.Client | null = null;
  /** The channels LISTENed on by the current connection. */
  private heard = new Set<string>();
  private connecting: Promise<void> | null = null;
  private retryTimer: NodeJS.Timeout | null = null;
  private heartbeatTimer: NodeJS.Timeout | null = null;
  private failures = 0;
  private started = false;
  private closed = false;
  private isListening = false;

  constructor(private readonly options: PgListenerOptions) {}

  /** True from the moment the connection LISTENed on every channel until it is lost. */
  get listening(): boolean {
    return this.isListening;
  }

  /**
   * Hears `channel` from now on. Resolves true when it is LISTENing on it now; false when the
   * connection is down (a failure is logged and retried in the background, never thrown), and then
   * `onResumed` says when it is. Returns nothing to undo: subscribers live as long as the listener.
   */
  async subscribe(channel: string, subscription: ChannelSubscription): Promise<boolean> {
    const subscribers = this.subscriptions.get(channel) ?? new Set();
    subscribers.add(subscription);
    this.subscriptions.set(channel, subscribers);
    if (!this.started) this.connecting = this.connect();
    if (this.connecting) await this.connecting;
    const client = this.client;
    if (!client || !this.isListening) return false;
    if (this.heard.has(channel)) return true;
    try {
      await this.listenOn(client, channel);
      return true;
    } catch (error) {
      this.options.log.warn({ err: error }, 'listener could not LISTEN');
      this.dropped(client);
      return false;
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    this.isListening = false;
    if (this.retryTimer) clearTimeout(this.retryTimer);
    if (this.heartbeatTimer) clearTimeout(this.heartbeatTimer);
    const client = this.client;
    this.client = null;
    if (client) await closeConnection(client);
  }

  private async listenOn(client: pg.Client, channel: string): Promise<void> {
    await client.query(`LISTEN ${client.escapeIdentifier(channel)}`);
    this.heard.add(channel);
  }

  private async connect(): Promise<void> {
    const { url, log } = this.options;
    const resuming = this.started;
    this.started = true;
    const client = new pg.Client({
      connectionString: url,
      application_name: LISTENER_APPLICATION_NAME,
      keepAlive: true,
      connectionTimeoutMillis: 5000,
    });
    this.client = client;
    this.heard = new Set();
    client.on('notification', ({ channel, payload }) => {
      if (payload === undefined) return;
      for (const subscriber of this.subscriptions.get(channel) ?? []) subscriber.onPayload(payload);
    });
    client.on('error', (error) => {
      log.warn({ err: error }, 'listener connection lost');
      this.dropped(client);
    });
    client.on('end', () => this.dropped(client));
    try {
      await client.connect();
      // A channel subscribed meanwhile joins this loop: a Map's iteration sees what is added during it.
      for (const channel of this.subscriptions.keys()) await this.listenOn(client, channel);
    } catch (error) {
      log.warn({ err: error }, 'listener could not connect');
      this.dropped(client);
      return;
    } finally {
      this.connecting = null;
    }
    if (this.client !== client) return;
    this.failures = 0;
    this.isListening = true;
    this.scheduleHeartbeat(client);
    if (resuming) {
      log.info('listener is listening again');
      for (const subscriber of this.allSubscribers()) subscriber.onResumed?.();
    }
  }

  private *allSubscribers(): Iterable<ChannelSubscription> {
    for (const subscribers of this.subscriptions.values()) yield* subscribers;
  }

  private scheduleHeartbeat(client: pg.Client): void {
    const interval = this.options.heartbeatMs ?? HEARTBEAT_MS;
    this.heartbeatTimer = setTimeout(() => {
      this.heartbeatTimer = null;
      within(client.query('SELECT 1'), interval).then(
        () => {
          if (this.client === client) this.scheduleHeartbeat(client);
        },
        (error: unknown) => {
          if (this.client !== client) return;
          this.options.log.warn({ err: error }, 'listener connection stopped answering');
          this.dropped(client);
        },
      );
    }, interval);
    this.heartbeatTimer.unref();
  }

  private dropped(client: pg.Client): void {
    if (this.client !== client) return;
    this.client = null;
    this.isListening = false;
    if (this.heartbeatTimer) clearTimeout(this.heartbeatTimer);
    this.heartbeatTimer = null;
    void closeConnection(client);
    for (const subscriber of this.allSubscribers()) subscriber.onDropped?.();
    if (this.closed) return;
    const delay = Math.min(MAX_RETRY_MS, FIRST_RETRY_MS * 2 ** this.failures);
    this.failures += 1;
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      this.connecting = this.connect();
    }, delay);
  }
}

/** Says goodbye to the server, or drops the socket when a silent connection never lets end() finish. */
async function closeConnection(client: pg.Client): Promise<void> {
  await within(client.end(), CLOSE_WAIT_MS).catch(() => {});
  client.connection.stream.destroy();
}
