import { rm } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Vehicle } from '#common/api';
import { fakeDist, signUp, startServer, type ServerProcess } from './testing/server-process';
import { STEADY_LOAD_SERVER_ENV, steadyLoad } from './testing/steady-load';
import { relayedPostgres, type TcpProxy } from './testing/tcp-proxy';

/**
 * PostgreSQL going away under load and coming back, as in a restart: `npm start`'s server reaches its
 * database through a relay the test takes down (every connection cut, new ones refused) and brings back.
 */
const onPostgres = process.env.TEST_DATABASE === 'postgres';
const suite = onPostgres
  ? 'PostgreSQL restarted under load'
  : 'PostgreSQL restarted under load (skipped: needs api-postgres)';
const OUTAGE_MS = 2000;

describe.runIf(onPostgres)(suite, () => {
  let distDir: string;
  let relay: TcpProxy;
  let drop: () => Promise<void>;
  let server: ServerProcess;
  beforeAll(async () => {
    distDir = await fakeDist();
    const relayed = await relayedPostgres();
    ({ relay, drop } = relayed);
    server = await startServer({
      DIST_DIR: distDir,
      DATABASE_URL: relayed.database.url,
      CODE_REQUESTS_PER_ADDRESS_HOUR: '1000',
      VERIFY_TRIES_PER_ADDRESS_HOUR: '1000',
      ...STEADY_LOAD_SERVER_ENV,
    });
  });
  afterAll(async () => {
    await server?.kill();
    await drop?.();
    await rm(distDir, { recursive: true, force: true });
  });

  it(
    'answers 503 while it is down, serves again by itself once it is back, and keeps every acknowledged write',
    { timeout: 60_000 },
    async () => {
      const { token } = await signUp(server);
      const load = steadyLoad({ baseUrl: server.url, token, workers: 8 });
      await load.answered(50);

      await relay.down();
      const before = { ...load.snapshot().statuses };
      await new Promise((resolve) => setTimeout(resolve, OUTAGE_MS));
      const during = load.snapshot().statuses;
      await relay.up();
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
    },
  );
});
