import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  EXOTEL_CALLER_ID,
  EXOTEL_KEY,
  EXOTEL_SID,
  EXOTEL_TOKEN,
  startFakeExotel,
  type FakeExotel,
} from './testing/fake-exotel';
import { exotelTelephony } from './exotel-telephony';
import { TelephonyRefused, TelephonyUnavailable } from './telephony';

let fake: FakeExotel;
beforeAll(async () => {
  fake = await startFakeExotel();
});
afterAll(() => fake.close());
beforeEach(() => {
  fake.mode = 'success';
  fake.received.length = 0;
});

const telephony = (timeoutMs = 2000, baseUrl = fake.url, callTimeLimitS = 300) =>
  exotelTelephony(
    {
      accountSid: EXOTEL_SID,
      apiKey: EXOTEL_KEY,
      apiToken: EXOTEL_TOKEN,
      callerId: EXOTEL_CALLER_ID,
      baseUrl,
      callTimeLimitS,
    },
    { timeoutMs },
  );

const call = { caller: '9876543210', callee: '9123456780' };

describe('exotelTelephony', () => {
  it("posts to the account's Calls/connect with HTTP basic auth of the API key and token", async () => {
    await telephony().connect(call);
    expect(fake.received).toHaveLength(1);
    const [request] = fake.received;
    expect(request?.method).toBe('POST');
    expect(request?.url).toBe(`/v1/Accounts/${EXOTEL_SID}/Calls/connect`);
    expect(request?.headers.authorization).toBe(
      `Basic ${Buffer.from(`${EXOTEL_KEY}:${EXOTEL_TOKEN}`).toString('base64')}`,
    );
  });

  it('sends a form that rings the caller first, then the owner, from the ExoPhone, transactional, for CALL_TIME_LIMIT_S at most', async () => {
    await telephony().connect(call);
    const [request] = fake.received;
    expect(request?.headers['content-type']).toMatch(/^application\/x-www-form-urlencoded/);
    expect(Object.fromEntries(request?.form ?? [])).toEqual({
      From: '+919876543210',
      To: '+919123456780',
      CallerId: EXOTEL_CALLER_ID,
      CallType: 'trans',
      TimeLimit: '300',
    });
  });

  it('limits the call to the configured CALL_TIME_LIMIT_S', async () => {
    await telephony(2000, fake.url, 90).connect(call);
    expect(fake.received[0]?.form.get('TimeLimit')).toBe('90');
  });

  it("rejects as refused when Exotel answers its documented error, with Exotel's message", async () => {
    fake.mode = 'error';
    const failure = telephony().connect(call);
    await expect(failure).rejects.toBeInstanceOf(TelephonyRefused);
    await expect(failure).rejects.toThrow('CallerId is not a valid ExoPhone');
  });

  it('rejects as unavailable when Exotel does not answer in time', async () => {
    fake.mode = 'hang';
    await expect(telephony(200).connect(call)).rejects.toBeInstanceOf(TelephonyUnavailable);
  });

  it('rejects as unavailable when Exotel cannot be reached', async () => {
    await expect(telephony(2000, 'http://127.0.0.1:1').connect(call)).rejects.toBeInstanceOf(
      TelephonyUnavailable,
    );
  });

  it('keeps the numbers out of its error message', async () => {
    fake.mode = 'error';
    const error = await telephony()
      .connect(call)
      .catch((caught: unknown) => caught as Error);
    expect(error?.message).not.toContain(call.caller);
    expect(error?.message).not.toContain(call.callee);
  });
});
