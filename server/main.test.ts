import { rm } from 'node:fs/promises';
import { connect } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { nextPhone, registration } from './testing/test-app';
import {
  fakeDist,
  postJson,
  serverDatabase,
  spawnServer,
  startServer,
  type ServerDatabase,
  type ServerProcess,
} from './testing/server-process';

const NO_LIMITS = { CODE_REQUESTS_PER_ADDRESS_HOUR: '1000', VERIFY_TRIES_PER_ADDRESS_HOUR: '1000' };

// One database for the file, used by one server at a time: a restart is much quicker than a new one.
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

// A short drain: these tests are about what follows it (server/shutdown.test.ts covers the drain).
const serverEnv = () => ({ DIST_DIR: distDir, SHUTDOWN_DRAIN_S: '1', ...NO_LIMITS, ...database.env });

/** A server for one test, killed after it if still running. */
async function start(): Promise<ServerProcess> {
  const server = await startServer(serverEnv());
  running.push(server);
  return server;
}

describe('with a bad configuration', () => {
  it('exits with code 2 and says what is wrong on stderr', async () => {
    const server = spawnServer({ ...serverEnv(), PORT: 'eighty' });
    running.push(server);
    expect((await server.exit).code).toBe(2);
    expect(server.stderr()).toMatch(/Invalid configuration[\s\S]*PORT/);
  });

  it('exits with code 2 in production with no SMS provider', async () => {
    const server = spawnServer({ ...serverEnv(), NODE_ENV: 'production' });
    running.push(server);
    expect((await server.exit).code).toBe(2);
    expect(server.stderr()).toContain('SMS_PROVIDER');
  });

  it('exits with code 2 for TRUST_PROXY=true, asking for the hop count or the proxy addresses', async () => {
    const server = spawnServer({ ...serverEnv(), TRUST_PROXY: 'true' });
    running.push(server);
    expect((await server.exit).code).toBe(2);
    expect(server.stderr()).toMatch(/TRUST_PROXY[\s\S]*hop count/);
  });

  it('exits with code 2 on a non-loopback HOST with no SMS provider, saying what to set', async () => {
    const server = spawnServer({ ...serverEnv(), HOST: '0.0.0.0' });
    running.push(server);
    expect((await server.exit).code).toBe(2);
    expect(server.stderr()).toMatch(/SMS_PROVIDER=twilio[\s\S]*SMS_PROVIDER=log/);
  });
});

describe('with no SMS provider', () => {
  let server: ServerProcess;
  beforeAll(async () => {
    server = await startServer(serverEnv());
  });
  afterAll(() => server.kill());

  it('warns once that one-time codes are written to the log', async () => {
    const phone = nextPhone();
    expect((await postJson(server, '/api/users/register', registration(phone))).status).toBe(201);
    await server.waitForOutput(new RegExp(`otp phone=${phone}`));
    expect(server.stdout().match(/one-time codes are written to this log/g)).toHaveLength(1);
  });

  it('logs each code on one line as `otp phone=<10 digits> code=<6 digits>`, and that code signs in', async () => {
    const phone = nextPhone();
    await postJson(server, '/api/users/register', registration(phone));
    // Waits (until the test times out) for one line holding both the phone and its code.
    const [, code] = await server.waitForOutput(
      new RegExp(`^.*\\botp phone=${phone} code=(\\d{6})\\b.*$`, 'm'),
    );
    const verified = await postJson(server, '/api/users/verify', { phone, otp: code });
    expect(verified.status).toBe(200);
  });
});

/** A request whose body arrives in two parts, so it is still in flight between them. */
function slowRequest(server: ServerProcess, url: string, body: unknown) {
  const payload = Buffer.from(JSON.stringify(body));
  const half = Math.floor(payload.length / 2);
  const socket = connect(Number(new URL(server.url).port), '127.0.0.1');
  socket.write(
    `POST ${url} HTTP/1.1\r\nHost: 127.0.0.1\r\ncontent-type: application/json\r\n` +
      `content-length: ${payload.length}\r\n\r\n`,
  );
  socket.write(payload.subarray(0, half));
  let received = '';
  socket.setEncoding('utf8').on('data', (chunk: string) => (received += chunk));
  const response = new Promise<string>((resolve) => socket.once('close', () => resolve(received)));
  socket.on('error', () => {});
  return {
    response,
    started: server.waitForOutput(new RegExp(`"url":"${url}"[^\\n]*"msg":"incoming request"`)),
    finish: () => socket.write(payload.subarray(half)),
  };
}

function connectionAttempt(server: ServerProcess): Promise<'connected' | 'refused'> {
  return new Promise((resolve) => {
    const socket = connect(Number(new URL(server.url).port), '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve('connected');
    });
    socket.once('error', () => resolve('refused'));
  });
}

describe('on SIGTERM', () => {
  it('finishes a request in flight, then exits with code 0', async () => {
    const server = await start();
    const request = slowRequest(server, '/api/users/register', registration(nextPhone()));
    await request.started;
    server.child.kill('SIGTERM');
    await server.waitForOutput(/shutting down/);
    request.finish();
    expect(await request.response).toMatch(/^HTTP\/1\.1 201 /);
    expect(await server.exit).toEqual({ code: 0, signal: null });
  });

  it('stops accepting new connections while a request is still in flight', async () => {
    const server = await start();
    const request = slowRequest(server, '/api/users/register', registration(nextPhone()));
    await request.started;
    server.child.kill('SIGTERM');
    await server.waitForOutput(/shutting down/);
    // The listener closes a moment after the signal is logged.
    await vi.waitFor(async () => expect(await connectionAttempt(server)).toBe('refused'), {
      timeout: 10_000,
      interval: 100,
    });
    request.finish();
    await server.exit;
  });

  it('exits with code 0 while a live notification stream is open', async () => {
    const server = await start();
    const phone = nextPhone();
    await postJson(server, '/api/users/register', registration(phone));
    const [, otp] = await server.waitForOutput(new RegExp(`otp phone=${phone} code=(\\d{6})`));
    const { token } = (await (await postJson(server, '/api/users/verify', { phone, otp })).json()) as {
      token: string;
    };
    const events = await fetch(`${server.url}/api/users/events`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const reader = events.body?.getReader();
    const { value } = (await reader?.read()) ?? {};
    expect(new TextDecoder().decode(value)).toContain('event: ready');
    server.child.kill('SIGTERM');
    expect(await server.exit).toEqual({ code: 0, signal: null });
  });
});
