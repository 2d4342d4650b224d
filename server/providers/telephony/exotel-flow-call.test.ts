import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  EXOTEL_CALLER_ID,
  EXOTEL_KEY,
  EXOTEL_SID,
  EXOTEL_TOKEN,
  startFakeExotel,
  type FakeExotel,
} from './testing/fake-exotel';
import { exotelFlowCaller } from './exotel-flow-call';
import { TelephonyRefused, TelephonyUnavailable } from './telephony';

const FLOW_URL = `http://my.exotel.com/${EXOTEL_SID}/exoml/start_voice/926`;
const REQUEST_ID = '0b6f2d4e-4c1a-4f57-9a53-2f7f3b1f0c11';

let fake: FakeExotel;
beforeAll(async () => {
  fake = await startFakeExotel();
});
afterAll(() => fake.close());
beforeEach(() => {
  fake.mode = 'success';
  fake.received.length = 0;
});

const caller = (timeoutMs = 2000, baseUrl = fake.url) =>
  exotelFlowCaller(
    {
      accountSid: EXOTEL_SID,
      apiKey: EXOTEL_KEY,
      apiToken: EXOTEL_TOKEN,
      callerId: EXOTEL_CALLER_ID,
      baseUrl,
      callTimeLimitS: 300,
    },
    FLOW_URL,
    { timeoutMs },
  );
const call = { to: '9876543210', requestId: REQUEST_ID };

describe('exotelFlowCaller', () => {
  it("posts to the account's Calls/connect with HTTP basic auth, and resolves with Exotel's call Sid", async () => {
    const { callSid } = await caller().callFlow(call);
    expect(callSid).toMatch(/^fakecall\d+$/);
    const [request] = fake.received;
    expect(request?.method).toBe('POST');
    expect(request?.url).toBe(`/v1/Accounts/${EXOTEL_SID}/Calls/connect`);
    expect(request?.headers.authorization).toBe(
      `Basic ${Buffer.from(`${EXOTEL_KEY}:${EXOTEL_TOKEN}`).toString('base64')}`,
    );
  });

  it('rings the receiver from the ExoPhone into the flow, naming the request in CustomField', async () => {
    await caller().callFlow(call);
    const [request] = fake.received;
    expect(request?.headers['content-type']).toMatch(/^application\/x-www-form-urlencoded/);
    expect(Object.fromEntries(request?.form ?? [])).toEqual({
      From: '+919876543210',
      CallerId: EXOTEL_CALLER_ID,
      Url: FLOW_URL,
      CallType: 'trans',
      TimeLimit: '120',
      TimeOut: '30',
      CustomField: REQUEST_ID,
    });
  });

  it('rejects as refused when Exotel answers its documented error, with no number in the message', async () => {
    fake.mode = 'error';
    const error = await caller()
      .callFlow(call)
      .then(() => null)
      .catch((caught: unknown) => caught as Error);
    expect(error).toBeInstanceOf(TelephonyRefused);
    expect(error?.message).not.toContain('9876543210');
  });

  it('rejects as unavailable when Exotel does not answer in time, or cannot be reached', async () => {
    fake.mode = 'hang';
    await expect(caller(200).callFlow(call)).rejects.toBeInstanceOf(TelephonyUnavailable);
    await expect(caller(2000, 'http://127.0.0.1:1').callFlow(call)).rejects.toBeInstanceOf(
      TelephonyUnavailable,
    );
  });
});
