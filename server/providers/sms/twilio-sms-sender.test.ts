import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, nextPhone, registration, type TestApp } from '../../testing/test-app';
import { twilioNoticeSender, twilioSmsSender } from './twilio-sms-sender';

const SID = 'AC0123456789abcdef';
const AUTH_TOKEN = 'twilio-secret';
const FROM = '+15005550006';

interface ReceivedRequest {
  method: string | undefined;
  url: string | undefined;
  headers: IncomingHttpHeaders;
  form: URLSearchParams;
}

/** A stand-in for api.twilio.com on 127.0.0.1 that records what it receives. */
async function startFakeTwilio() {
  const received: ReceivedRequest[] = [];
  const fake = { status: 201, received, url: '', close: () => {} };
  const server = createServer((request, response) => {
    let body = '';
    request.setEncoding('utf8').on('data', (chunk: string) => (body += chunk));
    request.on('end', () => {
      received.push({
        method: request.method,
        url: request.url,
        headers: request.headers,
        form: new URLSearchParams(body),
      });
      // No keep-alive: a socket idle while the test app starts could be closed just as it is reused.
      response.writeHead(fake.status, { 'content-type': 'application/json', connection: 'close' });
      response.end(JSON.stringify(fake.status < 300 ? { sid: 'SM1', status: 'queued' } : { code: 21211 }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  fake.close = () => server.close();
  return fake;
}

let fake: Awaited<ReturnType<typeof startFakeTwilio>>;
beforeAll(async () => {
  fake = await startFakeTwilio();
});
afterAll(() => fake.close());
beforeEach(() => {
  fake.status = 201;
  fake.received.length = 0;
});

describe('twilioSmsSender', () => {
  const sender = () =>
    twilioSmsSender({ accountSid: SID, authToken: AUTH_TOKEN, from: FROM, baseUrl: fake.url });

  it("posts to the account's Messages.json with HTTP basic auth", async () => {
    await sender().sendCode('9876543210', '123456');
    expect(fake.received).toHaveLength(1);
    const [request] = fake.received;
    expect(request?.method).toBe('POST');
    expect(request?.url).toBe(`/2010-04-01/Accounts/${SID}/Messages.json`);
    expect(request?.headers.authorization).toBe(
      `Basic ${Buffer.from(`${SID}:${AUTH_TOKEN}`).toString('base64')}`,
    );
  });

  it('sends a form with To in +91 form, From, and a Body holding the code', async () => {
    await sender().sendCode('9876543210', '042917');
    const [request] = fake.received;
    expect(request?.headers['content-type']).toMatch(/^application\/x-www-form-urlencoded/);
    expect(request?.form.get('To')).toBe('+919876543210');
    expect(request?.form.get('From')).toBe(FROM);
    expect(request?.form.get('Body')).toContain('042917');
  });

  it('rejects when Twilio answers with an error status', async () => {
    fake.status = 400;
    await expect(sender().sendCode('9876543210', '123456')).rejects.toThrow();
  });
});

describe('sign-in codes with SMS_PROVIDER=twilio', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      env: {
        SMS_PROVIDER: 'twilio',
        TWILIO_ACCOUNT_SID: SID,
        TWILIO_AUTH_TOKEN: AUTH_TOKEN,
        TWILIO_FROM: FROM,
        TWILIO_BASE_URL: fake.url,
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
    expect(fake.received[0]?.form.get('To')).toBe(`+91${phone}`);
    const [otp] = /\d{6}/.exec(fake.received[0]?.form.get('Body') ?? '') ?? [];
    const verified = await t.inject({ method: 'POST', url: '/api/users/verify', payload: { phone, otp } });
    expect(verified.statusCode).toBe(200);
  });

  it('answers 502 {message} when Twilio refuses the SMS', async () => {
    fake.status = 500;
    const response = await register(nextPhone());
    expect(response.statusCode).toBe(502);
    expect(response.json()).toEqual({ message: expect.any(String) });
  });

  it('sends a code at once when asked again after Twilio refused the SMS: the failed one does not count', async () => {
    const phone = nextPhone();
    fake.status = 500;
    expect((await register(phone)).statusCode).toBe(502);
    fake.status = 201;
    expect((await register(phone)).statusCode).toBe(201);
    const [otp] = /\d{6}/.exec(fake.received.at(-1)?.form.get('Body') ?? '') ?? [];
    const verified = await t.inject({ method: 'POST', url: '/api/users/verify', payload: { phone, otp } });
    expect(verified.statusCode).toBe(200);
  });
});

describe('twilioNoticeSender (the fallback SMS)', () => {
  const sender = () =>
    twilioNoticeSender({ accountSid: SID, authToken: AUTH_TOKEN, from: FROM, baseUrl: fake.url });
  const text = 'Vahan Contact: someone needs you to move KL07AB1234. Open Vahan Contact to answer.';
  const notice = {
    phone: '9876543210',
    requestId: 'r-1',
    plate: 'KL07AB1234',
    language: 'en',
    text,
  } as const;

  it('posts the text as written to the Messages API, from the configured number, with basic auth', async () => {
    await sender().sendNotice(notice);
    const [request] = fake.received;
    expect(request?.method).toBe('POST');
    expect(request?.url).toBe(`/2010-04-01/Accounts/${SID}/Messages.json`);
    expect(request?.headers.authorization).toBe(
      `Basic ${Buffer.from(`${SID}:${AUTH_TOKEN}`).toString('base64')}`,
    );
    expect(Object.fromEntries(request?.form ?? [])).toEqual({ To: '+919876543210', From: FROM, Body: text });
  });

  it('rejects when Twilio refuses the message', async () => {
    fake.status = 400;
    await expect(sender().sendNotice(notice)).rejects.toThrow('Twilio refused the SMS: HTTP 400');
  });
});
