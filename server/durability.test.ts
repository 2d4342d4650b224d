import { rm } from 'node:fs/promises';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { User } from '#common/api';
import {
  fakeDist,
  postJson,
  serverDatabase,
  startServer,
  type ServerDatabase,
  type ServerProcess,
} from './testing/server-process';
import { nextPhone, registration } from './testing/test-app';

/**
 * An acknowledged write survives `kill -9` of the server: on PGlite in a data folder (api-pglite) and on
 * a fresh PostgreSQL database (api-postgres). The write is an account: verifying a code creates the
 * user and their session in one go.
 */
const BURST = 200;
const LIMITS = {
  CODE_REQUESTS_PER_ADDRESS_HOUR: '100000',
  VERIFY_TRIES_PER_ADDRESS_HOUR: '100000',
  SMS_DAILY_CAP: '100000',
};

let distDir: string;
beforeAll(async () => {
  distDir = await fakeDist();
});
afterAll(() => rm(distDir, { recursive: true, force: true }));

const running: ServerProcess[] = [];
let database: ServerDatabase | undefined;
afterEach(async () => {
  await Promise.all(running.splice(0).map((server) => server.kill()));
  await database?.drop();
  database = undefined;
});

async function start(): Promise<ServerProcess> {
  database ??= await serverDatabase();
  const server = await startServer({ DIST_DIR: distDir, ...LIMITS, ...database.env });
  running.push(server);
  return server;
}

/** Registers the phones; returns the code each was sent, read from the server's log. */
async function registerAll(server: ServerProcess, phones: string[]): Promise<Map<string, string>> {
  const answers = await Promise.all(
    phones.map((phone) => postJson(server, '/api/users/register', registration(phone))),
  );
  expect(answers.map((answer) => answer.status)).toEqual(phones.map(() => 201));
  const codes = new Map<string, string>();
  for (const phone of phones) {
    const [, code] = await server.waitForOutput(new RegExp(`otp phone=${phone} code=(\\d{6})`));
    codes.set(phone, code as string);
  }
  return codes;
}

async function signedInUser(server: ServerProcess, token: string): Promise<User | null> {
  const response = await fetch(`${server.url}/api/users/validateUser`, {
    headers: { authorization: `Bearer ${token}` },
  });
  return response.ok ? ((await response.json()) as { user: User }).user : null;
}

describe('after SIGKILL and a restart', () => {
  it('keeps a write acknowledged just before the kill', { timeout: 60_000 }, async () => {
    const first = await start();
    const phone = nextPhone();
    const codes = await registerAll(first, [phone]);
    const verified = await postJson(first, '/api/users/verify', { phone, otp: codes.get(phone) });
    expect(verified.status).toBe(200);
    await first.kill();
    const { token } = (await verified.json()) as { token: string };

    const second = await start();
    expect(await signedInUser(second, token)).toMatchObject({ phone });
  });

  it(
    `keeps every acknowledged write of a burst of ${BURST} concurrent ones killed half way`,
    { timeout: 60_000 },
    async () => {
      const first = await start();
      const phones = Array.from({ length: BURST }, () => nextPhone());
      const codes = await registerAll(first, phones);

      const acknowledged: { phone: string; token: string }[] = [];
      let kill: Promise<unknown> | undefined;
      await Promise.all(
        phones.map(async (phone) => {
          try {
            const response = await postJson(first, '/api/users/verify', { phone, otp: codes.get(phone) });
            if (response.ok) {
              const { token } = (await response.json()) as { token: string };
              acknowledged.push({ phone, token });
            }
          } catch {
            // cut off by the kill: not acknowledged
          }
          if (acknowledged.length >= BURST / 2) kill ??= first.kill();
        }),
      );
      await kill;
      expect(acknowledged.length).toBeGreaterThanOrEqual(BURST / 2);

      const second = await start();
      const found = await Promise.all(acknowledged.map(({ token }) => signedInUser(second, token)));
      expect(found.map((user) => user?.phone)).toEqual(acknowledged.map(({ phone }) => phone));
    },
  );
});
