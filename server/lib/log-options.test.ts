import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../db/schema';
import { createTestApp, type TestApp } from '../testing/test-app';
import { REDACTED, loggerOptions } from './log-options';

const PHONE = '9876501234';

/** The server's logger options, writing into an array of parsed lines. */
function capturingLogger() {
  const lines: Record<string, unknown>[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
      done();
    },
  });
  const { log } = Fastify({ logger: { ...loggerOptions('info'), stream: sink } });
  return { log, lines, text: () => JSON.stringify(lines) };
}

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('the server log', () => {
  it("logs a failed query's text and error code, never its parameters", async () => {
    const error = await t.app.database.db
      .insert(users)
      .values({
        name: 'Meera Private',
        email: 'meera.private@example.in',
        phone: `${PHONE}99`,
        gender: 'Female',
        dateOfBirth: '1990-01-01',
        district: 'Ernakulam',
        city: 'Kochi',
      })
      .then(
        () => null,
        (failure: unknown) => failure,
      );
    expect(error).toBeInstanceOf(Error);
    const { log, lines, text } = capturingLogger();
    log.error({ err: error }, 'unexpected error');
    const logged = lines[0]?.err as Record<string, unknown>;
    expect(logged.query).toMatch(/insert into "users"/);
    expect(logged.errorCode).toBe('22001');
    expect(text()).not.toContain(PHONE);
    expect(text()).not.toContain('Meera Private');
    expect(text()).not.toContain('meera.private@example.in');
  });

  it('redacts the authorization header and phone, code and token fields', () => {
    const { log, lines } = capturingLogger();
    log.info(
      {
        req: { headers: { authorization: 'Bearer secret-token-value' } },
        phone: PHONE,
        body: { phone: PHONE, otp: '123456', code: '654321', token: 'abc', fcmToken: 'device' },
      },
      'request',
    );
    expect(JSON.stringify(lines[0])).not.toMatch(
      /secret-token-value|9876501234|123456|654321|"abc"|"device"/,
    );
    expect(lines[0]).toMatchObject({ phone: REDACTED, body: { phone: REDACTED, otp: REDACTED } });
  });

  it('still writes the one-time code line of the run contract', () => {
    const { log, lines } = capturingLogger();
    log.info(`otp phone=${PHONE} code=123456`);
    expect(lines[0]?.msg).toBe(`otp phone=${PHONE} code=123456`);
  });
});

describe('the request log', () => {
  const lines: string[] = [];
  let logged: TestApp;
  beforeAll(async () => {
    logged = await createTestApp({
      env: { LOG_LEVEL: 'info' },
      deps: { logStream: { write: (line: string) => void lines.push(line) } },
    });
  });
  afterAll(() => logged.close());

  it("names each request by its route's pattern, never by a URL that carries a code, token or secret", async () => {
    const secrets = ['CARDCODE42', 'status-token-secret', 'webhook-secret-value', 'unrouted-secret'];
    await logged.inject({ method: 'GET', url: `/c/${secrets[0]}?lang=ml` });
    await logged.inject({ method: 'GET', url: `/api/public/requests/${secrets[1]}` });
    await logged.inject({ method: 'GET', url: `/api/telephony/exotel/greeting?secret=${secrets[2]}` });
    await logged.inject({ method: 'GET', url: `/api/no-such-route/${secrets[3]}?token=${secrets[3]}` });
    const text = lines.join('\n');
    for (const secret of secrets) expect(text).not.toContain(secret);
    const urls = lines.flatMap((line) => {
      const url = (JSON.parse(line) as { req?: { url?: string } }).req?.url;
      return url === undefined ? [] : [url];
    });
    expect(urls).toEqual(
      expect.arrayContaining([
        '/c/:code',
        '/api/public/requests/:statusToken',
        '/api/telephony/exotel/greeting',
      ]),
    );
  });
});
