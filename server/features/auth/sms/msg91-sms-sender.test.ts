import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, nextPhone, registration, type TestApp } from '../../../testing/test-app';
import { msg91SmsSender } from './msg91-sms-sender';

const AUTH_KEY = 'msg91-auth-key';
const TEMPLATE_ID = '64f0c0ffee0123456789abcd';

interface ReceivedRequest {
  method: string | undefined;
  path: string;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  body: string;
}

/**
 * A stand-in for control.msg91.com on 127.0.0.1: records each request and answers as MSG91 documents,
 * `{"type":"success","request_id":…}`, or its error body (with HTTP 200, as MSG91 does), or nothing.
 */
async function startFakeMsg91() {
  const received: ReceivedRequest[] = [];
  const hanging = new Set<() => void>();
  const fake = { mode: 'success' as 'success' | 'error' | 'hang', received, url: '', close: () => {} };
  const server = createServer((request, response) => {
    let body = '';
    request.setEncoding('utf8').on('data', (chunk: string) => (body += chunk));
    request.on('end', () => {
      const url = new URL(request.url ?? '/', 'http://fake');
      received.push({
        method: request.method,
        path: url.pathname,
        query: url.searchParams,
        headers: request.headers,
        body,
      });
      if (fake.mode === 'hang') {
        hanging.add(() => response.destroy());
        return;
      }
      response.writeHead(200, { 'content-type': 'application/json', connection: 'close' });
      response.end(
        JSON.stringify(
          fake.mode === 'success'
            ? { type: 'success', request_id: '3763646c3058373530393938' }
            : { type: 'error', message: `Invalid template for ${url.searchParams.get('mobile')}` },
        ),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  fake.close = () => {
    for (const end of hanging) end();
    server.close();
  };
  return fake;
}

let fake: Awaited<ReturnType<typeof startFakeMsg91>>;
beforeAll(async () => {
  fake = await startFakeMsg91();
});
afterAll(() => fake.close());
beforeEach(() => {
  fake.mode = 'success';
  fake.received.length = 0;
});

describe('msg91SmsSender', () => {
  const sender = () => msg91SmsSender({ authKey: AUTH_KEY, templateId: TEMPLATE_ID, baseUrl: fake.url });

  it('posts to SendOTP (/api/v5/otp) with the auth key in the authkey header and a JSON body', async () => {
    await sender().sendCode('9876543210', '123456');
    expect(fake.received).toHaveLength(1);
    const [request] = fake.received;
    expect(request?.method).toBe('POST');
    expect(request?.path).toBe('/api/v5/otp');
    expect(request?.headers.authkey).toBe(AUTH_KEY);
    expect(request?.headers['content-type']).toBe('application/json');
    expect(JSON.parse(request?.body ?? '')).toEqual({});
  });

  it('asks for our own code on the DLT template, to the number with 91 before it, valid 5 minutes', async () => {
    await sender().sendCode('9876543210', '042917');
    expect(Object.fromEntries(fake.received[0]?.query ?? [])).toEqual({
      template_id: TEMPLATE_ID,
      mobile: '919876543210',
      otp: '042917',
      otp_expiry: '5',
    });
  });

  it('rejects when MSG91 does not answer in time', async () => {
    fake.mode = 'hang';
    const quick = msg91SmsSender(
      { authKey: AUTH_KEY, templateId: TEMPLATE_ID, baseUrl: fake.url },
      { timeoutMs: 200 },
    );
    await expect(quick.sendCode('9876543210', '123456')).rejects.toThrow();
  });

  it('rejects when MSG91 answers its error body, even with HTTP 200, without the number', async () => {
    fake.mode = 'error';
    const error = await sender()
      .sendCode('9876543210', '123456')
      .catch((caught: unknown) => caught as Error);
    expect(error).toBeInstanceOf(Error);
    expect(error?.message).toContain('Invalid template');
    expect(error?.message).not.toContain('9876543210');
  });
});

describe('sign-in codes with SMS_PROVIDER=msg91', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      env: {
        SMS_PROVIDER: 'msg91',
        MSG91_AUTH_KEY: AUTH_KEY,
        MSG91_TEMPLATE_ID: TEMPLATE_ID,
        MSG91_BASE_URL: fake.url,
      },
      deps: { sms: undefined },
    });
  });
  afterAll(() => t.close());

  const register = (phone: string) =>
    t.inject({ method: 'POST', url: '/api/users/register', payload: registration(phone) });

  it('sends one SMS per registration, whose code signs in', async () => {
    const phone = nextPhone();
    expect((await register(phone)).statusCode).toBe(201);
    expect(fake.received).toHaveLength(1);
    expect(fake.received[0]?.query.get('mobile')).toBe(`91${phone}`);
    const otp = fake.received[0]?.query.get('otp');
    const verified = await t.inject({ method: 'POST', url: '/api/users/verify', payload: { phone, otp } });
    expect(verified.statusCode).toBe(200);
  });

  it('answers 502 {message} when MSG91 refuses the SMS', async () => {
    fake.mode = 'error';
    const response = await register(nextPhone());
    expect(response.statusCode).toBe(502);
    expect(response.json()).toEqual({ message: expect.any(String) });
  });
});
