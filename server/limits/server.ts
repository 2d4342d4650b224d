import type { LimitDeclaration } from './limit';

/** The server itself: connections, timeouts, live streams, shutdown and how long data is kept. */
export const SERVER_LIMITS = {
  DATABASE_POOL_SIZE: {
    default: 10,
    min: 1,
    max: 1000,
    unit: 'connections',
    why: 'each of an instance’s two PostgreSQL pools; the database serves every instance',
  },
  LIVE_HEARTBEAT_MS: { default: 25_000, min: 10, unit: 'milliseconds', why: 'proxies close a silent stream' },
  LIVE_STREAMS_PER_USER: {
    default: 5,
    min: 1,
    max: 100,
    unit: 'streams',
    why: 'one account cannot hold the server’s connections',
  },
  SHUTDOWN_DRAIN_S: {
    default: 5,
    min: 0,
    max: 600,
    unit: 'seconds',
    why: 'a proxy moves away before the server stops accepting',
  },
  SHUTDOWN_GRACE_S: {
    default: 20,
    min: 0,
    max: 600,
    unit: 'seconds',
    why: 'requests in flight finish before the database closes',
  },
  REQUEST_TIMEOUT_MS: {
    default: 30_000,
    min: 100,
    max: 600_000,
    unit: 'milliseconds',
    why: 'a slow client cannot hold a request open',
  },
  CONNECTION_TIMEOUT_MS: {
    default: 60_000,
    min: 100,
    max: 3_600_000,
    unit: 'milliseconds',
    why: 'an idle socket is closed',
  },
  KEEP_ALIVE_TIMEOUT_MS: {
    default: 72_000,
    min: 100,
    max: 600_000,
    unit: 'milliseconds',
    why: 'longer than a load balancer’s idle timeout',
  },
  MAX_CONNECTIONS: {
    default: 10_000,
    min: 1,
    unit: 'connections',
    why: 'one instance is not drowned in sockets',
  },
  CODE_RETENTION_HOURS: {
    default: 24,
    min: 1,
    max: 24 * 365,
    unit: 'hours',
    why: 'personal data is kept no longer than needed',
  },
  REQUEST_RETENTION_DAYS: {
    default: 180,
    min: 1,
    max: 3650,
    unit: 'days',
    why: 'personal data is kept no longer than needed',
  },
} as const satisfies Record<string, LimitDeclaration>;
