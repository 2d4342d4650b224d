/**
 * The real server (what `npm start` runs: server/main.ts under tsx) on a free port of 127.0.0.1,
 * with `npm start`'s defaults (request logging at `info`, written to /dev/null) except the per-user
 * limits, raised so the load measures the work, not the 429s.
 */
import { readFileSync } from 'node:fs';
import { freePort, healthy, spawnServer } from '../server/testing/server-process';

export interface BenchServer {
  url: string;
  /** The CPU time the server process has used so far (user + system), in milliseconds. */
  cpuMs(): number;
  stop(): Promise<void>;
}

/** Clock ticks a second of /proc's CPU times (USER_HZ, 100 on Linux). */
const TICKS_PER_SECOND = 100;

function processCpuMs(pid: number): number {
  // Fields after the command name (which is in parentheses and may hold spaces): utime is the 12th, stime the 13th.
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND;
}

/** The anti-abuse limits, set out of reach: the bench sends far more than a person would. */
const UNLIMITED = '1000000000';
const RELAXED_LIMITS = {
  SEARCHES_PER_USER_MINUTE: UNLIMITED,
  SEARCHES_PER_USER_DAY: UNLIMITED,
  SENDS_PER_SENDER_MINUTE: UNLIMITED,
  SENDS_PER_PAIR_10_MINUTES: UNLIMITED,
  CODE_REQUESTS_PER_ADDRESS_HOUR: UNLIMITED,
  VERIFY_TRIES_PER_ADDRESS_HOUR: UNLIMITED,
  CARD_READS_PER_ADDRESS_MINUTE: UNLIMITED,
};

export async function startServer(
  env: Record<string, string>,
  options: { nodeArgs?: string[] } = {},
): Promise<BenchServer> {
  const server = spawnServer(
    {
      NODE_ENV: 'development',
      DIST_DIR: 'dist',
      ...RELAXED_LIMITS,
      ...env,
    },
    await freePort(),
    { nodeArgs: options.nodeArgs, discardStdout: true },
  );
  await healthy(server, 180_000);
  return {
    url: server.url,
    cpuMs: () => (server.child.pid === undefined ? NaN : processCpuMs(server.child.pid)),
    async stop() {
      if (server.child.exitCode !== null) return;
      server.child.kill('SIGTERM');
      await server.exit;
      const warnings = server.stderr().trim();
      if (warnings) console.error(warnings);
    },
  };
}
