import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import { within } from '../../lib/within';

export interface PgListenerOptions {
  url: string;
  channel: string;
  onNotification: (payload: string) => void;
  /** Called once LISTENing again after a time without: whatever was sent meanwhile was missed. */
  onResumed: () => void;
  /** Called each time the connection is lost (or could not be made): notifications go unheard until onResumed. */
  onDropped?: () => void;
  /** How pg_stat_activity names the session; LISTENER_APPLICATION_NAME unless given. */
  applicationName?: string;
  /**
   * How often the listening session is asked to answer, in ms; no answer within as long again
   * counts as a lost connection. HEARTBEAT_MS unless given.
   */
  heartbeatMs?: number;
  log: FastifyBaseLogger;
}

/** Lets operators (and tests) find the listening session in pg_stat_activity. */
export const LISTENER_APPLICATION_NAME = 'vahan-notification-listener';
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
 * One dedicated PostgreSQL session LISTENing on a channel, reconnected with exponential backoff
 * whenever the connection drops (a pool cannot hold a LISTEN: its clients come and go).
 */
export class PgListener {
  private client: pg.Client | null = null;
  private retryTimer: NodeJS.Timeout | null = null;
  private heartbeatTimer: NodeJS.Timeout | null = null;
  private failures = 0;
  private started = false;
  private closed = false;
  private isListening = false;

  constructor(private readonly options: PgListenerOptions) {}

  /** True from the moment LISTEN succeeded until the connection is lost. */
  get listening(): boolean {
    return this.isListening;
  }

  /** Connects and listens; a failure is logged and retried in the background, never thrown. */
  async start(): Promise<void> {
    await this.connect();
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

  private async connect(): Promise<void> {
    const { url, channel, log } = this.options;
    const resuming = this.started;
    this.started = true;
    const client = new pg.Client({
      connectionString: url,
      application_name: this.options.applicationName ?? LISTENER_APPLICATION_NAME,
      keepAlive: true,
      connectionTimeoutMillis: 5000,
    });
    this.client = client;
    client.on('notification', (message) => {
      if (message.channel === channel && message.payload !== undefined) {
        this.options.onNotification(message.payload);
      }
    });
    client.on('error', (error) => {
      log.warn({ err: error }, 'notification listener connection lost');
      this.dropped(client);
    });
    client.on('end', () => this.dropped(client));
    try {
      await client.connect();
      await client.query(`LISTEN ${client.escapeIdentifier(channel)}`);
    } catch (error) {
      log.warn({ err: error }, 'notification listener could not connect');
      this.dropped(client);
      return;
    }
    if (this.client !== client) return;
    this.failures = 0;
    this.isListening = true;
    this.scheduleHeartbeat(client);
    if (resuming) {
      log.info('notification listener is listening again');
      this.options.onResumed();
    }
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
          this.options.log.warn({ err: error }, 'notification listener connection stopped answering');
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
    this.options.onDropped?.();
    if (this.closed) return;
    const delay = Math.min(MAX_RETRY_MS, FIRST_RETRY_MS * 2 ** this.failures);
    this.failures += 1;
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      void this.connect();
    }, delay);
  }
}

/** Says goodbye to the server, or drops the socket when a silent connection never lets end() finish. */
async function closeConnection(client: pg.Client): Promise<void> {
  await within(client.end(), CLOSE_WAIT_MS).catch(() => {});
  client.connection.stream.destroy();
}
