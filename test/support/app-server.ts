/**
 * The real server (what `npm start` runs) for the browser tests, on a free port of 127.0.0.1 with its
 * own data directory, serving the build in dist/ (npm test builds it first). Built on the one
 * harness, server/testing/server-process.ts.
 */
import { rmSync } from 'node:fs';
import type { ChildProcess } from 'node:child_process';
import { freePort, healthy, spawnServer, tempDir } from '../../server/testing/server-process';

export { freePort };

export interface AppServer {
  url: string;
  port: number;
  dataDir: string;
  process: ChildProcess;
  /** Everything the server printed so far. */
  output(): string;
  /** Waits for the one-time code the server logs for a phone (`otp phone=… code=…`). */
  waitForCode(phone: string, after?: number): Promise<string>;
  /** How many code lines were logged so far: pass it to waitForCode to wait for a newer one. */
  codeCount(phone: string): number;
  stop(): Promise<void>;
}

const OTP_LINE = /otp phone=(\d{10}) code=(\d{6})/g;

export async function startAppServer(env: Record<string, string> = {}): Promise<AppServer> {
  // A given PORT starts it where an earlier instance ran (a restart).
  const port = env.PORT ? Number(env.PORT) : await freePort();
  const dataDir = env.DATA_DIR ?? (await tempDir('data'));
  const server = spawnServer(
    {
      NODE_ENV: 'development',
      DATA_DIR: dataDir,
      SMS_PROVIDER: 'log',
      DIST_DIR: 'dist',
      CODE_REQUESTS_PER_ADDRESS_HOUR: '1000',
      ...env,
    },
    port,
  );
  const output = () => server.stdout() + server.stderr();
  const codesFor = (phone: string) =>
    [...output().matchAll(OTP_LINE)].filter((match) => match[1] === phone).map((match) => match[2]!);
  await healthy(server);

  return {
    url: server.url,
    port,
    dataDir,
    process: server.child,
    output,
    codeCount: (phone) => codesFor(phone).length,
    async waitForCode(phone, after = 0) {
      let code: string | undefined;
      await waitUntil(async () => {
        code = codesFor(phone)[after];
        return code !== undefined;
      }, 15_000);
      return code!;
    },
    async stop() {
      if (server.child.exitCode === null) {
        server.child.kill('SIGTERM');
        await server.exit;
      }
      if (!env.DATA_DIR) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export async function waitUntil(check: () => Promise<boolean>, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`condition not met within ${timeoutMs} ms`);
}
