import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

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

/**
 * Starts the real server (what `npm start` runs) on a free port of 127.0.0.1 with its own data
 * directory, serving the build in dist/ (npm test builds it first).
 */
export async function startAppServer(env: NodeJS.ProcessEnv = {}): Promise<AppServer> {
  // A given PORT starts it where an earlier instance ran (a restart).
  const port = env.PORT ? Number(env.PORT) : await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'vahan-data-'));
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: {
      ...process.env,
      NODE_ENV: 'development',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SMS_PROVIDER: 'log',
      DIST_DIR: 'dist',
      LOG_LEVEL: 'info',
      DATABASE_URL: '',
      CODE_REQUESTS_PER_ADDRESS_HOUR: '1000',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const url = `http://127.0.0.1:${port}`;

  const codesFor = (phone: string) =>
    [...output.matchAll(OTP_LINE)].filter((match) => match[1] === phone).map((match) => match[2]!);

  await waitUntil(async () => {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${output}`);
    const response = await fetch(`${url}/api/health`).catch(() => undefined);
    return response?.ok === true;
  }, 60_000);

  return {
    url,
    port,
    dataDir,
    process: child,
    output: () => output,
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
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
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
