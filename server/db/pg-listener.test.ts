import Fastify from 'fastify';
import pg from 'pg';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { relayedPostgres } from '../testing/tcp-proxy';
import { LISTENER_APPLICATION_NAME, PgListener } from './pg-listener';

const HEARTBEAT_MS = 100;

describe.runIf(process.env.TEST_DATABASE === 'postgres')('the PostgreSQL listener', () => {
  let relayed: Awaited<ReturnType<typeof relayedPostgres>>;
  let listener: PgListener;
  const heard: string[] = [];
  const onDropped = vi.fn();
  const onResumed = vi.fn();
  const subscription = { onPayload: (payload: string) => heard.push(payload), onDropped, onResumed };

  beforeEach(async () => {
    relayed = await relayedPostgres();
    heard.length = 0;
    onDropped.mockClear();
    onResumed.mockClear();
    listener = new PgListener({ url: relayed.database.url, heartbeatMs: HEARTBEAT_MS, log: Fastify().log });
  });

  afterEach(async () => {
    await listener.close();
    await relayed.drop();
  });

  async function query(text: string, values: string[] = []): Promise<pg.QueryResult> {
    const client = new pg.Client({ connectionString: relayed.database.url });
    await client.connect();
    try {
      return await client.query(text, values);
    } finally {
      await client.end();
    }
  }

  const notify = (channel: string, payload: string) => query('SELECT pg_notify($1, $2)', [channel, payload]);

  it('hears every subscribed channel on one connection', async () => {
    await expect(listener.subscribe('first_channel', subscription)).resolves.toBe(true);
    await expect(
      listener.subscribe('second_channel', { onPayload: (payload) => heard.push(`second: ${payload}`) }),
    ).resolves.toBe(true);
    await notify('first_channel', 'one');
    await notify('second_channel', 'two');
    await vi.waitFor(() => expect(heard).toEqual(['one', 'second: two']));
    const sessions = await query(
      'SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND application_name = $1',
      [LISTENER_APPLICATION_NAME],
    );
    expect(sessions.rows[0]).toEqual({ n: 1 });
  });

  it('keeps its connection while the database answers', async () => {
    await listener.subscribe('test_channel', subscription);
    await new Promise((resolve) => setTimeout(resolve, HEARTBEAT_MS * 6));
    expect(onDropped).not.toHaveBeenCalled();
    expect(listener.listening).toBe(true);
    await notify('test_channel', 'still here');
    await vi.waitFor(() => expect(heard).toEqual(['still here']));
  });

  it('notices within two heartbeats a connection that goes silent without closing', async () => {
    await listener.subscribe('test_channel', subscription);
    relayed.relay.stall();
    await vi.waitFor(() => expect(onDropped).toHaveBeenCalledTimes(1), {
      timeout: HEARTBEAT_MS * 2 + 500,
    });
    expect(listener.listening).toBe(false);
  });

  it('listens again on a new connection after one went silent, and says it may have missed some', async () => {
    await listener.subscribe('test_channel', subscription);
    relayed.relay.stall();
    await vi.waitFor(() => expect(onResumed).toHaveBeenCalledTimes(1), { timeout: 5000 });
    expect(listener.listening).toBe(true);
    await notify('test_channel', 'heard again');
    await vi.waitFor(() => expect(heard).toEqual(['heard again']));
  });

  it('hears a channel subscribed while the database was out of reach once it is back', async () => {
    await relayed.relay.down();
    await expect(listener.subscribe('test_channel', subscription)).resolves.toBe(false);
    await relayed.relay.up();
    await vi.waitFor(() => expect(onResumed).toHaveBeenCalledTimes(1), { timeout: 5000 });
    await notify('test_channel', 'back');
    await vi.waitFor(() => expect(heard).toEqual(['back']));
  });
});
