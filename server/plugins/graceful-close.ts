import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { RequestsInFlight } from '../lib/requests-in-flight';
import { trackRequestlessSockets } from './requestless-sockets';

const MAX_ACCEPT_TURNS = 100;
/** A socket accepted just before the listener closed gets this long to send its request (it is served). */
const SPARE_SOCKETS_GRACE_MS = 1000;

declare module 'fastify' {
  interface FastifyInstance {
    /** True from the start of the shutdown drain: health answers 503 so a proxy stops routing here. */
    readonly draining: boolean;
    /** Starts the drain: every response from now on closes its connection, so clients move on. */
    startDrain(): void;
  }
}

/**
 * Shutdown as a drain. While draining, requests are served as usual but no connection is kept alive.
 * Behind a proxy (TRUST_PROXY) the drain keeps them alive instead: the proxy sends its requests over
 * its pooled connections, so no new connection reaches the listener as it closes (the kernel would
 * reset it, and the proxy could not tell whether a POST on it was stored); once closing, each such
 * connection closes after its next response, or when the proxy drops it idle. Once closing, the
 * database (closed in an earlier-registered plugin's onClose, so after this one's) waits for every
 * request in flight, those whose client has left too, up to the shutdown grace.
 * Register after the database plugin and before any route.
 */
export default fp(
  async function gracefulClose(app: FastifyInstance) {
    let draining = false;
    let closing = false;
    let closeStartedAt = 0;
    const inFlight = new RequestsInFlight();
    const spareSockets = trackRequestlessSockets(app.server);
    const behindProxy = app.config.trustProxy !== false;

    app.decorate('draining', {
      getter: () => draining,
    });
    app.decorate('startDrain', () => {
      draining = true;
    });

    app.addHook('onRoute', (route) => {
      route.handler = inFlight.wrapHandler(route.handler);
    });
    app.addHook('onRequest', async (request: FastifyRequest, reply) => {
      inFlight.track(request, reply.raw);
    });
    // Responses that start now tell the client not to reuse the connection.
    app.addHook('onSend', async (request, reply) => {
      inFlight.replied(request);
      if (closing || (draining && !behindProxy)) reply.header('connection', 'close');
    });
    // Responses that started before closing (a live stream ended by shutdown) had promised keep-alive.
    // A proxy may already be sending its next request on that connection: it gets `Connection: close`.
    app.addHook('onResponse', async (request) => {
      if (closing && !behindProxy) request.raw.socket.end();
    });
    app.addHook('preClose', async () => {
      draining = true;
      closeStartedAt = Date.now();
      await acceptWaitingConnections(app.server);
      // Only now, with no I/O left before the listener closes: a `Connection: close` sent while it
      // still listens makes a proxy open a new connection at once, which the closing listener resets
      // after the proxy sent a request on it (a POST it cannot retry).
      closing = true;
      // Sockets that never send a request would hold `server.close()` for the headers timeout.
      setTimeout(() => spareSockets.destroyAll(), SPARE_SOCKETS_GRACE_MS).unref();
    });
    if (!behindProxy) closeOnlyKeptAliveConnections(app.server);
    else app.server.closeIdleConnections = () => {};
    app.addHook('onClose', async () => {
      const left = app.config.shutdown.graceMs - (Date.now() - closeStartedAt);
      const unfinished = await inFlight.settled(Math.max(0, left));
      if (unfinished > 0)
        app.log.warn({ unfinished }, 'shutdown grace over: closing with requests in flight');
    });
  },
  { name: 'graceful-close', dependencies: ['database'] },
);

/**
 * Closing a listener resets the connections the kernel holds for it that the process has not yet
 * accepted, after their clients sent a request. Let the event loop accept them first (they are
 * served), until a turn of the loop accepts none.
 */
async function acceptWaitingConnections(server: Server): Promise<void> {
  let accepted = 0;
  const count = () => (accepted += 1);
  server.on('connection', count);
  for (let turn = 0; turn < MAX_ACCEPT_TURNS; turn++) {
    const before = accepted;
    await new Promise((resolve) => setImmediate(resolve));
    if (accepted === before) break;
  }
  server.off('connection', count);
}

/**
 * `server.close()` closes the connections Node deems idle, and those include connections accepted a
 * moment ago whose request is not read yet: their clients would see a reset. Close only connections
 * idle after a response (kept alive); the ones yet to send their request are served.
 */
function closeOnlyKeptAliveConnections(server: Server): void {
  const keptAlive = new Set<Socket>();
  server.on('request', (request: IncomingMessage, response: ServerResponse) => {
    const { socket } = request;
    keptAlive.delete(socket);
    response.once('finish', () => {
      if (!socket.destroyed) keptAlive.add(socket);
    });
    socket.once('close', () => keptAlive.delete(socket));
  });
  server.closeIdleConnections = () => {
    for (const socket of keptAlive) socket.destroy();
    keptAlive.clear();
  };
}
