import { rm } from 'node:fs/promises';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Vehicle } from '#common/api';
import {
  fakeDist,
  serverDatabase,
  signUp,
  startServer,
  type ServerDatabase,
  type ServerProcess,
} from './testing/server-process';
import { serverErrors, STEADY_LOAD_SERVER_ENV, steadyLoad, type SteadyLoad } from './testing/steady-load';

/**
 * SIGTERM is a drain, not a cut: `npm start`'s server under a steady load of keep-alive clients (PGlite
 * in a data folder on api-pglite, a fresh PostgreSQL database on api-postgres).
 */
const WORKERS = 8;
const LIMITS = {
  CODE_REQUESTS_PER_ADDRESS_HOUR: '1000',
  VERIFY_TRIES_PER_ADDRESS_HOUR: '1000',
  ...STEADY_LOAD_SERVER_ENV,
};

let distDir: string;
let database: ServerDatabase;
beforeAll(async () => {
  distDir = await fakeDist();
  database = await serverDatabase();
});
afterAll(async () => {
  await rm(distDir, { recursive: true, force: true });
  await database.drop();
});

const running: ServerProcess[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((server) => server.kill()));
});

async function start(env: Record<string, string>): Promise<ServerProcess> {
  const server = await startServer({ DIST_DIR: distDir, ...LIMITS, ...database.env, ...env });
  running.push(server);
  return server;
}

/** The client ports the server logged a request from. */
const portsServed = (log: string) =>
  new Set(
    [...log.matchAll(/"remotePort":(\d+)\}?[^\n]*"msg":"incoming request"/g)].map((match) =>
      Number(match[1]),
    ),
  );

/** How many requests the load has had answered, whatever the status. */
const answeredSoFar = (load: SteadyLoad) =>
  Object.values(load.snapshot().statuses).reduce((sum, count) => sum + count, 0);

/** Pino's JSON lines at level error (50) or above. */
const errorLines = (log: string) => log.split('\n').filter((line) => /"level":(5\d|60)/.test(line));

async function myVehicles(server: ServerProcess, token: string): Promise<string[]> {
  const response = await fetch(`${server.url}/api/users/getMyVehicles`, {
    headers: { authorization: `Bearer ${token}` },
  });
  return ((await response.json()) as Vehicle[]).map((vehicle) => vehicle.vehicleNumber);
}

describe('on SIGTERM under a steady load of keep-alive reads and writes', () => {
  it(
    'answers every request (no 5xx, no reset), answers health 503 while draining, logs no error, keeps every acknowledged write',
    // Two server starts and a drain: room for a loaded machine (a hang guard, not a time bound).
    { timeout: 180_000 },
    async () => {
      const server = await start({ SHUTDOWN_DRAIN_S: '2' });
      const { token } = await signUp(server);
      const load = steadyLoad({ baseUrl: server.url, token, workers: WORKERS });
      await load.answered(100);

      server.child.kill('SIGTERM');
      await server.waitForOutput(/shutting down: draining/);
      const answeredBeforeDrain = answeredSoFar(load);
      const health = await fetch(`${server.url}/api/health`);
      expect(health.status).toBe(503);
      expect(await health.json()).toMatchObject({ status: 'draining' });
      // Still serving while draining, every answer closing its connection: 50 answers, or as many as a
      // loaded machine fits into the drain window before the server exits.
      await Promise.race([load.answered(50), server.exit]);
      expect(await server.exit).toEqual({ code: 0, signal: null });
      expect(answeredSoFar(load)).toBeGreaterThan(answeredBeforeDrain);
      const outcome = await load.stop();

      expect(outcome.failures).toEqual([]);
      // A connection the kernel queued as the listener closed is reset: fine while its request was never read.
      const served = portsServed(server.stdout());
      expect(outcome.resetBeforeAnswer.filter((port) => served.has(port))).toEqual([]);
      expect(serverErrors(outcome)).toEqual({});
      expect(outcome.acknowledged.length).toBeGreaterThan(0);
      expect(errorLines(server.stdout() + server.stderr())).toEqual([]);

      const restarted = await start({});
      expect(await myVehicles(restarted, token)).toEqual(expect.arrayContaining(outcome.acknowledged));
    },
  );

  it(
    'waits for handlers whose client has left before closing the database',
    { timeout: 180_000 },
    async () => {
      const server = await start({ SHUTDOWN_DRAIN_S: '0' });
      const { token } = await signUp(server);
      const load = steadyLoad({ baseUrl: server.url, token, workers: 50 });
      await load.answered(200);
      // The clients leave with their requests in flight, and the server is told to stop at once.
      const stopped = load.abort();
      server.child.kill('SIGTERM');
      await stopped;

      expect(await server.exit).toEqual({ code: 0, signal: null });
      expect(errorLines(server.stdout() + server.stderr())).toEqual([]);
    },
  );
});
