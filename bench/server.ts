/**
 * The real server (what `npm start` runs: server/main.ts under tsx) on a free port of 127.0.0.1,
 * with the per-user limits raised so the load measures the work, not the 429s.
 */
import { spawn } from 'node:child_process';
import { freePort, waitUntil } from '../test/support/app-server';

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
  const port = await freePort();
  const child = spawn(process.execPath, [...(options.nodeArgs ?? []), '--import', 'tsx', 'server/main.ts'], {
    env: {
      ...process.env,
      NODE_ENV: 'development',
      PORT: String(port),
      HOST: '127.0.0.1',
      DIST_DIR: 'dist',
      // Per-request info lines would cost the server more than some routes do.
      LOG_LEVEL: options.logLevel ?? 'warn',
      ...RELAXED_LIMITS,
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  await waitUntil(async () => {
    if (child.exitCode !== null) throw new Error(`the server exited with code ${child.exitCode}`);
    const response = await fetch(`${url}/api/health`).catch(() => undefined);
    return response?.ok === true;
  }, 180_000);
  return {
    url,
    async stop() {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    },
  };
}
