import { connect, createServer, type AddressInfo, type Server, type Socket } from 'node:net';
import { createTestDatabase } from './test-database';

/** A TCP relay to a database server that a test can take down (connections refused) and bring back. */
export interface TcpProxy {
  readonly port: number;
  /** Closes the listener and cuts every relayed connection. */
  down(): Promise<void>;
  /** Listens again on the same port. */
  up(): Promise<void>;
  /**
   * Stops relaying on the connections open now without closing them, as a dead network path does;
   * new connections are relayed as before.
   */
  stall(): void;
  close(): Promise<void>;
}

export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  const sockets = new Set<Socket>();
  let server: Server | undefined;
  let port = 0;

  const listen = async () => {
    const listening = createServer((client) => {
      const upstream = connect(target.port, target.host);
      for (const socket of [client, upstream]) {
        sockets.add(socket);
        socket.once('close', () => sockets.delete(socket));
        socket.on('error', () => {
          client.destroy();
          upstream.destroy();
        });
      }
      client.pipe(upstream).pipe(client);
    });
    await new Promise<void>((resolve) => listening.listen(port, '127.0.0.1', resolve));
    port = (listening.address() as AddressInfo).port;
    server = listening;
  };
  const down = async () => {
    const closing = server;
    server = undefined;
    if (!closing) return;
    const closed = new Promise((resolve) => closing.close(resolve));
    for (const socket of sockets) socket.destroy();
    await closed;
  };

  await listen();
  return {
    get port() {
      return port;
    },
    down,
    up: listen,
    stall: () => {
      for (const socket of sockets) {
        socket.unpipe();
        socket.pause();
      }
    },
    close: down,
  };
}

/** A fresh PostgreSQL test database reached through a relay the test can take down. */
export async function relayedPostgres(): Promise<{
  database: { kind: 'postgres'; url: string };
  relay: TcpProxy;
  drop(): Promise<void>;
}> {
  const test = await createTestDatabase();
  if (test.config.kind !== 'postgres') throw new Error('relayedPostgres needs TEST_DATABASE=postgres');
  const url = new URL(test.config.url);
  const relay = await startTcpProxy({ host: url.hostname, port: Number(url.port || 5432) });
  url.host = `127.0.0.1:${relay.port}`;
  return {
    database: { kind: 'postgres', url: url.toString() },
    relay,
    drop: async () => {
      await relay.close();
      await test.drop();
    },
  };
}
