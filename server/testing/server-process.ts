import { spawn, type ChildProcess } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer, type AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createTestDatabase } from './test-database';
import { nextPhone, registration } from './registration';

const projectRoot = fileURLToPath(new URL('../..', import.meta.url));

export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

export const tempDir = (prefix: string) => mkdtemp(path.join(os.tmpdir(), `vahan-${prefix}-`));

/** A tiny stand-in for `vite build`'s output, so starting the server builds nothing. */
export async function fakeDist(root?: string): Promise<string> {
  const dist = root ?? (await tempDir('dist'));
  await mkdir(path.join(dist, 'assets'), { recursive: true });
  await writeFile(path.join(dist, 'index.html'), '<!doctype html><title>Vahan</title><div id="root"></div>');
  await writeFile(path.join(dist, 'assets', 'app-abc123.js'), 'console.log("app");');
  await writeFile(path.join(dist, 'manifest.webmanifest'), '{"name":"Vahan"}');
  await writeFile(path.join(dist, 'sw.js'), 'self.skipWaiting();');
  return dist;
}

/** Where a spawned server keeps its data: a PGlite folder, or a fresh PostgreSQL database (api-postgres). */
export interface ServerDatabase {
  env: Record<string, string>;
  drop(): Promise<void>;
}

export async function serverDatabase(): Promise<ServerDatabase> {
  if (process.env.TEST_DATABASE === 'postgres') {
    const database = await createTestDatabase();
    if (database.config.kind !== 'postgres') throw new Error('expected a PostgreSQL test database');
    return { env: { DATABASE_URL: database.config.url }, drop: database.drop };
  }
  const dataDir = await tempDir('data');
  return { env: { DATA_DIR: dataDir }, drop: () => rm(dataDir, { recursive: true, force: true }) };
}

export interface Exit {
  code: number | null;
  signal: NodeJS.Signals | null;
}

/** `npm start`'s entry point running in a child process. */
export interface ServerProcess {
  readonly url: string;
  readonly child: ChildProcess;
  readonly exit: Promise<Exit>;
  stdout(): string;
  stderr(): string;
  /** Resolves with the first match in stdout, waiting for it to be printed; rejects if the server exits first. */
  waitForOutput(pattern: RegExp): Promise<RegExpMatchArray>;
  /** Resolves once the server listens. */
  listening(): Promise<void>;
  /** Ends the process if it still runs (SIGKILL) and waits for it. */
  kill(): Promise<Exit>;
}

/**
 * Spawns `node --import tsx server/main.ts` with only the given environment (plus PATH and HOME), so a
 * DATABASE_URL of the test run never leaks into it. The one harness of the server tests, the browser
 * tests and the bench; `nodeArgs` go before the script (`--cpu-prof` for the bench). `discardStdout`
 * sends the log to /dev/null (the bench's request logging would otherwise pile up in this process).
 */
export function spawnServer(
  env: Record<string, string>,
  port = 0,
  { nodeArgs = [], discardStdout = false }: { nodeArgs?: string[]; discardStdout?: boolean } = {},
): ServerProcess {
  const child = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', 'server/main.ts'], {
    cwd: projectRoot,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? os.tmpdir(),
      TMPDIR: os.tmpdir(),
      HOST: '127.0.0.1',
      PORT: String(port),
      // The origin browsers in the tests open its pages on: their form posts carry it.
      PUBLIC_ORIGIN: `http://127.0.0.1:${port}`,
      LOG_LEVEL: 'info',
      ...env,
    },
    stdio: ['ignore', discardStdout ? 'ignore' : 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  child.stdout?.setEncoding('utf8').on('data', (chunk: string) => (out += chunk));
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => (err += chunk));
  // 'close' rather than 'exit': by then everything the server printed has been read.
  const exit = new Promise<Exit>((resolve) =>
    child.once('close', (code, signal) => resolve({ code, signal })),
  );
  let exited = false;
  void exit.then(() => (exited = true));

  function waitForOutput(pattern: RegExp): Promise<RegExpMatchArray> {
    return new Promise((resolve, reject) => {
      const check = () => {
        const match = pattern.exec(out);
        if (match) {
          child.stdout?.off('data', check);
          resolve(match);
        } else if (exited) {
          reject(new Error(`server exited before printing ${pattern}:\n${out}\n${err}`));
        }
      };
      child.stdout?.on('data', check);
      void exit.then(() => setImmediate(check));
      check();
    });
  }

  return {
    url: `http://127.0.0.1:${port}`,
    child,
    exit,
    stdout: () => out,
    stderr: () => err,
    waitForOutput,
    listening: async () => {
      await waitForOutput(/Server listening at/);
    },
    kill: async () => {
      if (!exited) child.kill('SIGKILL');
      return exit;
    },
  };
}

/** Waits until the server answers `GET /api/health` with 200; rejects if it exits first. */
export async function healthy(server: ServerProcess, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (server.child.exitCode !== null) {
      throw new Error(`the server exited early:\n${server.stdout()}\n${server.stderr()}`);
    }
    const response = await fetch(`${server.url}/api/health`).catch(() => undefined);
    if (response?.ok) return;
    if (Date.now() > deadline) throw new Error(`the server was not healthy within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Spawns the server on a free port and waits until it listens. */
export async function startServer(env: Record<string, string>): Promise<ServerProcess> {
  const server = spawnServer(env, await freePort());
  await server.listening();
  return server;
}

export async function postJson(
  server: ServerProcess,
  url: string,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<Response> {
  return fetch(server.url + url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
}

/** Registers a new resident on a spawned server and signs them in with the code read from its log. */
export async function signUp(server: ServerProcess): Promise<{ phone: string; token: string }> {
  const phone = nextPhone();
  const registered = await postJson(server, '/api/users/register', registration(phone));
  if (registered.status !== 201) throw new Error(`register answered ${registered.status}`);
  const [, otp] = await server.waitForOutput(new RegExp(`otp phone=${phone} code=(\\d{6})`));
  const verified = await postJson(server, '/api/users/verify', { phone, otp });
  if (verified.status !== 200) throw new Error(`verify answered ${verified.status}`);
  const { token } = (await verified.json()) as { token: string };
  return { phone, token };
}
