/**
 * The real server (what `npm start` runs: server/main.ts under tsx) on a free port of 127.0.0.1,
 * with the per-user limits raised so the load measures the work, not the 429s.
 */
import { freePort, healthy, spawnServer } from '../server/testing/server-process';

export interface BenchServer {
  url: string;
  stop(): Promise<void>;
}

/** The anti-abuse limits, set out of reach: the bench sends far more than a person would. */
const UNLIMITED = '1000000000';
export const RELAXED_LIMITS = {
  SEARCHES_PER_USER_MINUTE: UNLIMITED,
  SENDS_PER_SENDER_MINUTE: UNLIMITED,
  SENDS_PER_PAIR_10_MINUTES: UNLIMITED,
  CODE_REQUESTS_PER_ADDRESS_HOUR: UNLIMITED,
  VERIFY_TRIES_PER_ADDRESS_HOUR: UNLIMITED,
};

export async function startServer(
  env: Record<string, string>,
  options: { nodeArgs?: string[]; logLevel?: string } = {},
): Promise<BenchServer> {
  const server = spawnServer(
    {
      NODE_ENV: 'development',
      DIST_DIR: 'dist',
      // Per-request info lines would cost the server more than some routes do.
      LOG_LEVEL: options.logLevel ?? 'warn',
      ...RELAXED_LIMITS,
      ...env,
    },
    await freePort(),
    { nodeArgs: options.nodeArgs },
  );
  await healthy(server, 180_000);
  return {
    url: server.url,
    async stop() {
      if (server.child.exitCode !== null) return;
      server.child.kill('SIGTERM');
      await server.exit;
      const warnings = server.stderr().trim();
      if (warnings) console.error(warnings);
    },
  };
}
