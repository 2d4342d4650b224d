import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, nextPhone, registration, type TestApp } from '../../testing/test-app';
import {
  MSG91_AUTH_KEY as AUTH_KEY,
  MSG91_NOTICE_TEMPLATE_ID,
  MSG91_NOTICE_TEMPLATE_ID_ML,
  MSG91_TEMPLATE_ID as TEMPLATE_ID,
  startFakeMsg91,
} from './testing/fake-msg91';
import { msg91NoticeSender, msg91SmsSender } from './msg91-sms-sender';

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

  it('posts to the Flow API (/api/v5/flow) with the auth key in the authkey header, nothing in the URL', async () => {
    await sender().sendCode('9876543210', '123456');
    expect(fake.received).toHaveLength(1);
    const [request] = fake.received;
    expect(request?.method).toBe('POST');
    expect(request?.path).toBe('/api/v5/flow');
    expect([...(request?.query ?? [])]).toEqual([]);
    expect(request?.headers.authkey).toBe(AUTH_KEY);
    expect(request?.headers['content-type']).toBe('application/json');
  });

  it('sends our own code in the body, on the DLT template, to the number with 91 before it', async () => {
    await sender().sendCode('9876543210', '042917');
    expect(JSON.parse(fake.received[0]?.body ?? 'null')).toEqual({
      template_id: TEMPLATE_ID,
      short_url: '0',
      recipients: [{ mobiles: '919876543210', otp: '042917' }],
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
    expect(error?.message).not.toContain('123456');
  });
});

describe('msg91NoticeSender (the fallback SMS)', () => {
  const templates = { en: MSG91_NOTICE_TEMPLATE_ID, ml: MSG91_NOTICE_TEMPLATE_ID_ML };
  const sender = (timeoutMs = 2000) =>
    msg91NoticeSender({ authKey: AUTH_KEY, templateId: TEMPLATE_ID, baseUrl: fake.url }, templates, {
      timeoutMs,
    });
  const notice = {
    phone: '9876543210',
    requestId: '0b6f2d4e-4c1a-4f57-9a53-2f7f3b1f0c11',
    plate: 'KL07AB1234',
    language: 'en',
    text: 'Vahan Contact: someone needs you to move KL07AB1234. Open Vahan Contact to answer.',
  } as const;

  it("posts the DLT template of the receiver's language to the Flow API with the authkey header", async () => {
    await sender().sendNotice(notice);
    expect(fake.received).toHaveLength(1);
    const [request] = fake.received;
    expect(request?.method).toBe('POST');
    expect(request?.path).toBe('/api/v5/flow');
    expect([...(request?.query ?? [])]).toEqual([]);
    expect(request?.headers.authkey).toBe(AUTH_KEY);
    expect(request?.headers['content-type']).toBe('application/json');
    expect(JSON.parse(request?.body ?? 'null')).toEqual({
      template_id: MSG91_NOTICE_TEMPLATE_ID,
      short_url: '0',
      recipients: [{ mobiles: '919876543210', vehicle: 'KL07AB1234' }],
    });
  });

  it('uses the Malayalam template for a Malayalam reader', async () => {
    await sender().sendNotice({ ...notice, language: 'ml' });
    expect(JSON.parse(fake.received[0]?.body ?? 'null')).toMatchObject({
      template_id: MSG91_NOTICE_TEMPLATE_ID_ML,
    });
  });

  it("rejects on MSG91's error body (HTTP 200), without the number in the message", async () => {
    fake.mode = 'error';
    const error = await sender()
      .sendNotice(notice)
      .catch((caught: unknown) => caught as Error);
    expect(error).toBeInstanceOf(Error);
    expect(error?.message).toContain('MSG91 refused the SMS');
    expect(error?.message).not.toContain('9876543210');
  });

  it('rejects when MSG91 does not answer in time', async () => {
    fake.mode = 'hang';
    await expect(sender(200).sendNotice(notice)).rejects.toThrow();
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
    const [recipient] = (
      JSON.parse(fake.received[0]?.body ?? 'null') as { recipients: Record<string, string>[] }
    ).recipients;
    expect(recipient?.mobiles).toBe(`91${phone}`);
    const otp = recipient?.otp;
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
