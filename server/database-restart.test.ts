import { rm } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Vehicle } from '#common/api';
import { postgresBinDir, startOwnedPostgres, type OwnedPostgres } from './testing/owned-postgres';
import { fakeDist, signUp, startServer, type ServerProcess } from './testing/server-process';
import { STEADY_LOAD_SERVER_ENV, steadyLoad } from './testing/steady-load';
import { relayedPostgres, type TcpProxy } from './testing/tcp-proxy';

/**
 * PostgreSQL going away under load and coming back, as in a restart, twice over: `npm start`'s server
 * reaches its database through a relay the test takes down (every connection cut, new ones refused)
 * and brings back; and a cluster of the test's own is really stopped (`pg_ctl stop -m fast`, which
 * terminates every session) and started again.
 */
const onPostgres = process.env.TEST_DATABASE === 'postgres';
const suite = onPostgres
  ? 'PostgreSQL restarted under load'
  : 'PostgreSQL restarted under load (skipped: needs api-postgres)';
const OUTAGE_MS = 2000;
const SERVER_ENV = {
  CODE_REQUESTS_PER_ADDRESS_HOUR: '1000',
  VERIFY_TRIES_PER_ADDRESS_HOUR: '1000',
  ...STEADY_LOAD_SERVER_ENV,
};

type Outage = { down(): Promise<void>; up(): Promise<void> };

/** Under a steady load of reads and writes, the database goes away for OUTAGE_MS and comes back. */
async function loadThroughOutage(server: ServerProcess, outage: Outage): Promise<void> {
  const { token } = await signUp(server);
  const load = steadyLoad({ baseUrl: server.url, token, workers: 8 });
  await load.answered(50);

  await outage.down();
  const before = { ...load.snapshot().statuses };
  await new Promise((resolve) => setTimeout(resolve, OUTAGE_MS));
  const during = load.snapshot().statuses;
  await outage.up();
  const afterUp = load.snapshot().statuses[201] ?? 0;
  await load.answered(100);
  const outcome = await load.stop();

  // Fast answers while down: several per worker, not one hanging request each.
  expect((during[503] ?? 0) - (before[503] ?? 0)).toBeGreaterThan(8);
  expect(outcome.failures).toEqual([]);
  expect(Object.keys(outcome.statuses).sort()).toEqual(['200', '201', '503']);
  expect(outcome.statuses[201] ?? 0).toBeGreaterThan(afterUp);

  const response = await fetch(`${server.url}/api/users/getMyVehicles`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const stored = ((await response.json()) as Vehicle[]).map((vehicle) => vehicle.vehicleNumber);
  expect(stored).toEqual(expect.arrayContaining(outcome.acknowledged));
}

const TEST_NAME =
  'answers 503 while it is down, serves again by itself once it is back, and keeps every acknowledged write';

describe.runIf(onPostgres)(`${suite}: the connection cut by a relay`, () => {
  let distDir: string;
  let relay: TcpProxy;
  let drop: () => Promise<void>;
  let server: ServerProcess;
  beforeAll(async () => {
    distDir = await fakeDist();
    const relayed = await relayedPostgres();
    ({ relay, drop } = relayed);
    server = await startServer({ DIST_DIR: distDir, DATABASE_URL: relayed.database.url, ...SERVER_ENV });
  });
  afterAll(async () => {
    await server?.kill();
    await drop?.();
    await rm(distDir, { recursive: true, force: true });
  });

  it(TEST_NAME, { timeout: 60_000 }, () => loadThroughOutage(server, relay));
});

const hasServer = onPostgres && (await postgresBinDir()) !== null;
describe.runIf(hasServer)(`${suite}: a cluster of its own stopped and started with pg_ctl`, () => {
  let distDir: string;
  let cluster: OwnedPostgres;
  let server: ServerProcess;
  beforeAll(async () => {
    distDir = await fakeDist();
    cluster = await startOwnedPostgres();
    server = await startServer({ DIST_DIR: distDir, DATABASE_URL: cluster.url, ...SERVER_ENV });
  });
  afterAll(async () => {
    await server?.kill();
    await cluster?.remove();
    await rm(distDir, { recursive: true, force: true });
  });

  it(TEST_NAME, { timeout: 60_000 }, () =>
    loadThroughOutage(server, { down: cluster.stop, up: cluster.start }),
  );
});
