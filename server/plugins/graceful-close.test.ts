import Fastify, { type FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Client } from 'undici';
import { afterEach, describe, expect, it } from 'vitest';
import type { Config } from '../config';
import gracefulClose from './graceful-close';

/** What each response said about its connection, and whether the listener was still open then. */
interface Sent {
  listening: boolean;
  connection: unknown;
}

/** The plugin alone, behind a proxy, with a route held until the test releases it. */
async function appBehindProxy() {
  const app: FastifyInstance = Fastify();
  app.decorate('config', { trustProxy: 1, shutdown: { drainMs: 0, graceMs: 5_000 } } as Config);
  await app.register(fp(async () => {}, { name: 'database' }));
  await app.register(gracefulClose);
  const sent: Sent[] = [];
  app.addHook('onSend', async (_request, reply) => {
    sent.push({ listening: app.server.listening, connection: reply.getHeader('connection') });
  });
  let release = () => {};
  let reached = () => {};
  const inHandler = new Promise<void>((resolve) => (reached = resolve));
  const held = new Promise<void>((resolve) => (release = resolve));
  app.get('/held', async () => {
    reached();
    await held;
    return { ok: true };
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as { port: number };
  return { app, sent, release, inHandler, url: `http://127.0.0.1:${port}` };
}

const clients: Client[] = [];
afterEach(async () => {
  const open = clients.splice(0).filter((client) => !client.closed && !client.destroyed);
  await Promise.all(open.map((client) => client.destroy()));
});

/**
 * A request held in its handler while the app shuts down, answered once `until` holds; the client then
 * leaves, as a proxy drops an idle connection (behind one, the server waits for that).
 */
async function answeredDuringShutdown(until: (app: FastifyInstance) => boolean) {
  const { app, sent, release, inHandler, url } = await appBehindProxy();
  const client = new Client(url);
  clients.push(client);
  const answer = client.request({ path: '/held', method: 'GET' });
  await inHandler;

  const closed = app.close();
  while (!until(app)) await new Promise((resolve) => setImmediate(resolve));
  release();
  const response = await answer;
  await response.body.dump();
  await client.close();
  await closed;
  return { sent, connection: response.headers.connection };
}

describe('shutting down behind a proxy', () => {
  it('keeps a connection alive while the listener still accepts, so the proxy opens none that the closing listener would reset', async () => {
    // Answered as soon as the shutdown has begun, while the listener is open.
    const { sent, connection } = await answeredDuringShutdown((app) => app.draining);
    expect(sent).toEqual([{ listening: true, connection: undefined }]);
    expect(connection).toBe('keep-alive');
  });

  it('answers with `Connection: close` once the listener is closed', async () => {
    const { sent, connection } = await answeredDuringShutdown((app) => !app.server.listening);
    expect(sent).toEqual([{ listening: false, connection: 'close' }]);
    expect(connection).toBe('close');
  });
});
