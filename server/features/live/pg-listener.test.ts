import Fastify from 'fastify';
import pg from 'pg';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { relayedPostgres } from '../../testing/tcp-proxy';
import { PgListener } from './pg-listener';

const CHANNEL = 'listener_test';
const HEARTBEAT_MS = 100;

describe.runIf(process.env.TEST_DATABASE === 'postgres')('the PostgreSQL listener', () => {
  let relayed: Awaited<ReturnType<typeof relayedPostgres>>;
  let listener: PgListener;
  const heard: string[] = [];
  const onDropped = vi.fn();
  const onResumed = vi.fn();

  beforeEach(async () => {
    relayed = await relayedPostgres();
    heard.length = 0;
    onDropped.mockClear();
    onResumed.mockClear();
    listener = new PgListener({
      url: relayed.database.url,
      channel: CHANNEL,
      heartbeatMs: HEARTBEAT_MS,
      log: Fastify().log,
      onNotification: (payload) => heard.push(payload),
      onDropped,
      onResumed,
    });
    await listener.start();
  });

  afterEach(async () => {
    await listener.close();
    await relayed.drop();
  });

  async function notify(payload: string): Promise<void> {
    const client = new pg.Client({ connectionString: relayed.database.url });
    await client.connect();
    try {
      await client.query('SELECT pg_notify($1, $2)', [CHANNEL, payload]);
    } finally {
      await client.end();
    }
  }

  it('keeps its one connection while the database answers', async () => {
    await new Promise((resolve) => setTimeout(resolve, HEARTBEAT_MS * 6));
    expect(onDropped).not.toHaveBeenCalled();
    expect(listener.listening).toBe(true);
    await notify('still here');
    await vi.waitFor(() => expect(heard).toEqual(['still here']));
  });

  it('notices within two heartbeats a connection that goes silent without closing', async () => {
    relayed.relay.stall();
    await vi.waitFor(() => expect(onDropped).toHaveBeenCalledTimes(1), {
      timeout: HEARTBEAT_MS * 2 + 500,
    });
    expect(listener.listening).toBe(false);
  });

  it('listens again on a new connection after one went silent, and says it may have missed some', async () => {
    relayed.relay.stall();
    await vi.waitFor(() => expect(onResumed).toHaveBeenCalledTimes(1), { timeout: 5000 });
    expect(listener.listening).toBe(true);
    await notify('heard again');
    await vi.waitFor(() => expect(heard).toEqual(['heard again']));
  });
});
