import type { Socket } from 'node:net';
import { Client, buildConnector, request } from 'undici';
import { nextVehicleNumber } from './vehicle-fixtures';

/** The load adds vehicles in a loop, far beyond a resident's caps: a server under it lifts them. */
export const STEADY_LOAD_SERVER_ENV = {
  VEHICLES_PER_USER: '100000',
  VEHICLE_CHANGES_PER_USER_HOUR: '1000000',
};

/** What a steady load saw: every answer by status, every failed request, every acknowledged write. */
export interface LoadOutcome {
  statuses: Record<number, number>;
  /** Requests that got no answer: a reset or closed connection, a timeout (by error code). */
  failures: string[];
  /**
   * New connections that failed before they opened, so their request was never sent: refused by a
   * stopped listener, or reset while still queued for it. Fine once a server no longer accepts.
   */
  refused: number;
  /**
   * Local ports of new connections reset before any answer: the kernel queued them for a listener
   * that then closed. Fine (a refusal) only if the server never saw a request from that port.
   */
  resetBeforeAnswer: number[];
  /** Vehicle numbers whose addVehicle was answered 201. */
  acknowledged: string[];
}

export interface SteadyLoad {
  /** Resolves once `count` more requests have been answered. */
  answered(count: number): Promise<void>;
  /** What the load has seen so far. */
  snapshot(): LoadOutcome;
  /** Stops every worker after its current request and reports. */
  stop(): Promise<LoadOutcome>;
  /** Stops every worker at once: the connections are cut with their requests in flight. */
  abort(): Promise<void>;
}

export interface SteadyLoadOptions {
  baseUrl: string;
  token: string;
  workers: number;
  /** Extra connection options, such as the CA of a test certificate. */
  connect?: buildConnector.BuildOptions;
  /** Opens each new connection: by default undici's own, with `connect`. */
  connector?: buildConnector.connector;
}

/**
 * Keep-alive clients, each reading its vehicles and adding one, in a loop, until stopped. A worker
 * whose connection is refused waits a moment and tries again, so a server coming back is used again.
 */
export function steadyLoad({
  baseUrl,
  token,
  workers,
  connect,
  connector = buildConnector({ ...connect }),
}: SteadyLoadOptions): SteadyLoad {
  const outcome: LoadOutcome = {
    statuses: {},
    failures: [],
    refused: 0,
    resetBeforeAnswer: [],
    acknowledged: [],
  };
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  let answers = 0;
  const answerWaiters = new Set<() => void>();
  let stopped = false;

  /** One connection per worker, so a failed request is known to be its connection's first or not. */
  function workerClient() {
    let current: { port: number; answered: boolean } | undefined;
    const client = new Client(baseUrl, {
      headersTimeout: 15_000,
      bodyTimeout: 15_000,
      connect: (options, callback) =>
        connector(options, (error, socket) => {
          if (error) {
            // The kernel may report a reset of a connection it queued for a closing listener as the
            // connect's own error: no socket, and nothing sent.
            current = undefined;
            callback(error, null);
            return;
          }
          // The port is read now: a destroyed socket no longer has one.
          const connection = { port: (socket as Socket).localPort ?? 0, answered: false };
          current = connection;
          socket.once('data', () => (connection.answered = true));
          callback(null, socket);
        }),
    });
    return { client, connection: () => current };
  }

  async function send(
    worker: ReturnType<typeof workerClient>,
    method: 'GET' | 'POST',
    path: string,
    body?: Record<string, unknown>,
  ): Promise<number | undefined> {
    try {
      const response = await request(baseUrl + path, {
        method,
        headers,
        body: body && JSON.stringify(body),
        dispatcher: worker.client,
      });
      await response.body.dump();
      outcome.statuses[response.statusCode] = (outcome.statuses[response.statusCode] ?? 0) + 1;
      answers += 1;
      for (const waiter of [...answerWaiters]) waiter();
      return response.statusCode;
    } catch (error) {
      const code = String((error as { code?: unknown }).code ?? (error as Error).message);
      const connection = worker.connection();
      if (code === 'ECONNREFUSED' || !connection) outcome.refused += 1;
      else if (code === 'ECONNRESET' && connection && !connection.answered)
        outcome.resetBeforeAnswer.push(connection.port);
      else outcome.failures.push(`${method} ${path}: ${code}`);
      // Never a tight loop of failures: they would starve the event loop.
      await new Promise((resolve) => setTimeout(resolve, 50));
      return undefined;
    }
  }

  const clients: ReturnType<typeof workerClient>[] = [];
  async function worker(): Promise<void> {
    const client = workerClient();
    clients.push(client);
    while (!stopped) {
      await send(client, 'GET', '/api/users/getMyVehicles');
      if (stopped) break;
      const vehicleNumber = nextVehicleNumber();
      const status = await send(client, 'POST', '/api/users/addVehicle', { name: 'Load', vehicleNumber });
      if (status === 201) outcome.acknowledged.push(vehicleNumber);
    }
  }

  const running = Promise.all(Array.from({ length: workers }, worker));
  return {
    answered(count) {
      const target = answers + count;
      return new Promise((resolve) => {
        const check = () => {
          if (answers < target) return;
          answerWaiters.delete(check);
          resolve();
        };
        answerWaiters.add(check);
      });
    },
    snapshot: () => structuredClone(outcome),
    async stop() {
      stopped = true;
      await running;
      await Promise.all(clients.map(({ client }) => client.close()));
      return outcome;
    },
    async abort() {
      stopped = true;
      await Promise.all(clients.map(({ client }) => client.destroy()));
      await running;
    },
  };
}

/** The statuses of 500 and above, with their counts: what a load must never see. */
export const serverErrors = (outcome: LoadOutcome) =>
  Object.fromEntries(Object.entries(outcome.statuses).filter(([status]) => Number(status) >= 500));
