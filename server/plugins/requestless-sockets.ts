import type { Server } from 'node:http';
import type { Socket } from 'node:net';

/**
 * Sockets that connected but never sent a request. HTTP clients open such spares (undici does right
 * after a stream is dropped), and Node counts them as busy, not idle: closing the server would wait
 * for its headers timeout (a minute). `destroyAll` lets shutdown drop them at once.
 */
export function trackRequestlessSockets(server: Server): { destroyAll(): void } {
  const requestless = new Set<Socket>();
  server.on('connection', (socket: Socket) => {
    requestless.add(socket);
    socket.once('close', () => requestless.delete(socket));
  });
  server.on('request', (request: { socket: Socket }) => requestless.delete(request.socket));
  return {
    destroyAll() {
      for (const socket of requestless) socket.destroy();
      requestless.clear();
    },
  };
}
