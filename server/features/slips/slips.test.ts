import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SentRequest } from '#common/api';
import { formatSlipCode, normaliseSlipCode } from '#common/slip-code';
import type { CreatedSlips, PublicSlip } from '#common/slips-api';
import { listen, liveStreams, nextEventOf } from '../../testing/event-stream';
import { createTestApp, type SignedIn, type TestApp } from '../../testing/test-app';
import { addVehicle } from '../../testing/vehicle-fixtures';
import { MAX_UNUSED_SLIPS } from './routes';

let t: TestApp;
let base: string;
beforeAll(async () => {
  t = await createTestApp();
  base = await listen(t.app);
});
afterAll(() => t.close());

const DAY_MS = 24 * 60 * 60_000;

async function makeSlips(who: SignedIn, count = 1): Promise<string[]> {
  const response = await t.inject({
    method: 'POST',
    url: '/api/users/slips',
    headers: who.headers,
    payload: { count },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<CreatedSlips>().slips.map((slip) => slip.code);
}

const attach = (who: SignedIn, code: string, payload: object) =>
  t.inject({ method: 'POST', url: `/api/users/slips/${code}/attach`, headers: who.headers, payload });

const read = (code: string, headers: Record<string, string> = {}) =>
  t.inject({ method: 'GET', url: `/api/public/slips/${code}`, headers });

const answer = (code: string, kind: string) =>
  t.inject({ method: 'POST', url: `/api/public/slips/${code}/reply`, payload: { kind } });

async function attachedSlip(payload: object = { vehicleNumber: 'KL07SL0001', templateKey: 'blocking' }) {
  const sender = await t.signUp();
  const [code = ''] = await makeSlips(sender);
  const attached = await attach(sender, code, payload);
  expect(attached.statusCode, attached.body).toBe(201);
  return { sender, code, request: attached.json<SentRequest>() };
}

describe('printing slips', () => {
  it('makes 1 to 8 unguessable codes, each with the address of its page on PUBLIC_ORIGIN, not on the Host named', async () => {
    const who = await t.signUp();
    const response = await t.inject({
      method: 'POST',
      url: '/api/users/slips',
      headers: { ...who.headers, host: 'forged.example', 'x-forwarded-host': 'forged.example' },
      payload: { count: 8 },
    });
    expect(response.statusCode).toBe(201);
    const { slips } = response.json<CreatedSlips>();
    expect(slips).toHaveLength(8);
    expect(new Set(slips.map((slip) => slip.code)).size).toBe(8);
    for (const slip of slips) {
      expect(normaliseSlipCode(slip.code)).toBe(slip.code);
      expect(slip.url).toBe(`${t.config.publicOrigin}/s/${slip.code}`);
    }
  });

  it.each([0, 9, 1.5, '3'])('refuses a count of %j', async (count) => {
    const who = await t.signUp();
    const response = await t.inject({
      method: 'POST',
      url: '/api/users/slips',
      headers: who.headers,
      payload: { count },
    });
    expect(response.statusCode).toBe(400);
  });

  it(`keeps at most ${MAX_UNUSED_SLIPS} unused slips per user, and makes room as they are used`, async () => {
    const who = await t.signUp();
    const codes = [...(await makeSlips(who, 8)), ...(await makeSlips(who, 8)), ...(await makeSlips(who, 8))];
    const refused = await t.inject({
      method: 'POST',
      url: '/api/users/slips',
      headers: who.headers,
      payload: { count: 1 },
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json<{ message: string }>().message).toContain(String(MAX_UNUSED_SLIPS));
    await attach(who, codes[0] ?? '', { vehicleNumber: 'KL07SL0002', templateKey: 'attention' });
    expect(await makeSlips(who, 1)).toHaveLength(1);
  });

  it('needs an account', async () => {
    const response = await t.inject({ method: 'POST', url: '/api/users/slips', payload: { count: 1 } });
    expect(response.statusCode).toBe(401);
  });
});

describe('attaching a note', () => {
  it('answers 201 with the request as its sender follows it, the plate whole', async () => {
    const { request } = await attachedSlip();
    expect(request).toMatchObject({
      vehicleNumber: 'KL07SL0001',
      content: expect.stringContaining('KL07SL0001') as unknown,
      sentAt: t.clock.now().toISOString(),
      deliveredAt: null,
      reply: null,
    });
  });

  it('takes a short text, and the code as typed: lower case, spaces, the hyphen', async () => {
    const sender = await t.signUp();
    const [code = ''] = await makeSlips(sender);
    const typed = formatSlipCode(code).toLowerCase();
    const response = await attach(sender, typed, {
      vehicleNumber: 'kl 07 sl 0003',
      text: 'Please move, I am late',
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json<SentRequest>().content).toBe('Please move, I am late');
  });

  it.each([
    ['a phone number', { vehicleNumber: 'KL07SL0004', text: 'Call me on 9876543210' }],
    ['a link', { vehicleNumber: 'KL07SL0004', text: 'See https://example.com' }],
    ['no note', { vehicleNumber: 'KL07SL0004' }],
    ['both a template and a text', { vehicleNumber: 'KL07SL0004', templateKey: 'blocking', text: 'Hi' }],
    ['an unknown template', { vehicleNumber: 'KL07SL0004', templateKey: 'shout' }],
    ['a bad plate', { vehicleNumber: 'KL07', templateKey: 'blocking' }],
    ['a text too long', { vehicleNumber: 'KL07SL0004', text: 'x'.repeat(141) }],
  ])('refuses %s with 400 and keeps the slip unused', async (_name, payload) => {
    const sender = await t.signUp();
    const [code = ''] = await makeSlips(sender);
    expect((await attach(sender, code, payload)).statusCode).toBe(400);
    expect((await read(code)).json<PublicSlip>()).toEqual({ used: false });
  });

  it('attaches once: a second note is 409 and the first stays', async () => {
    const { sender, code } = await attachedSlip();
    const again = await attach(sender, code, { vehicleNumber: 'KL07SL0009', text: 'Another' });
    expect(again.statusCode).toBe(409);
    expect((await read(code)).json<PublicSlip>()).toMatchObject({ vehicleNumber: 'KL07SL0001' });
  });

  it("cannot attach to another user's slip (404) nor to an unknown code", async () => {
    const [owner, other] = [await t.signUp(), await t.signUp()];
    const [code = ''] = await makeSlips(owner);
    expect(
      (await attach(other, code, { vehicleNumber: 'KL07SL0005', templateKey: 'blocking' })).statusCode,
    ).toBe(404);
    expect(
      (await attach(other, 'ZZZZZ-ZZZZZ', { vehicleNumber: 'KL07SL0005', templateKey: 'blocking' }))
        .statusCode,
    ).toBe(404);
    expect((await read(code)).json<PublicSlip>()).toEqual({ used: false });
  });
});

describe('reading a slip without an account', () => {
  it('says an unused slip has not been used yet', async () => {
    const [code = ''] = await makeSlips(await t.signUp());
    const response = await read(code);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ used: false });
  });

  it("shows the note in the reader's language, the whole plate and when it was left", async () => {
    const { code } = await attachedSlip();
    const english = (await read(code)).json<PublicSlip>();
    const malayalam = (await read(code, { 'accept-language': 'ml-IN,ml;q=0.9' })).json<PublicSlip>();
    expect(english).toEqual({
      used: true,
      vehicleNumber: 'KL07SL0001',
      text: expect.stringContaining('KL07SL0001') as unknown,
      sentAt: t.clock.now().toISOString(),
      reply: null,
    });
    expect(malayalam).toMatchObject({ used: true, vehicleNumber: 'KL07SL0001' });
    expect(malayalam.used && malayalam.text).not.toBe(english.used && english.text);
  });

  it('answers 404 for an unknown code and 400 for what cannot be one', async () => {
    expect((await read('ZZZZZ-ZZZZZ')).statusCode).toBe(404);
    expect((await read('not-a-code')).statusCode).toBe(400);
  });

  it('answers a code too long for the router with {message} too', async () => {
    const response = await read('A'.repeat(500));
    expect(response.statusCode).toBe(414);
    expect(response.json()).toEqual({ message: expect.any(String) as unknown });
  });

  it('is readable for 7 days after the note was attached, then gone', async () => {
    const { code } = await attachedSlip();
    t.clock.advance(7 * DAY_MS - 1000);
    expect((await read(code)).statusCode).toBe(200);
    t.clock.advance(1000);
    expect((await read(code)).statusCode).toBe(404);
    expect((await answer(code, 'coming_now')).statusCode).toBe(404);
  });
});

describe('answering a slip', () => {
  it('takes one answer: 201, a second 409, and the slip shows the first', async () => {
    const { code } = await attachedSlip();
    const first = await answer(code, 'five_minutes');
    expect(first.statusCode).toBe(201);
    expect(first.json()).toEqual({ kind: 'five_minutes', at: t.clock.now().toISOString() });
    expect((await answer(code, 'coming_now')).statusCode).toBe(409);
    expect((await read(code)).json<PublicSlip>()).toMatchObject({
      reply: { kind: 'five_minutes', at: t.clock.now().toISOString() },
    });
  });

  it('answers 404 for an unknown or unused slip, and 400 for an answer that is not one', async () => {
    const [code = ''] = await makeSlips(await t.signUp());
    expect((await answer(code, 'coming_now')).statusCode).toBe(404);
    expect((await answer('ZZZZZ-ZZZZZ', 'coming_now')).statusCode).toBe(404);
    const { code: attached } = await attachedSlip();
    expect((await answer(attached, 'maybe')).statusCode).toBe(400);
  });

  const openStream = liveStreams();

  it('reaches the sender live, as an answer from the bell does, and stays among their requests', async () => {
    const { sender, code, request } = await attachedSlip();
    const stream = await openStream(sender, base);
    t.clock.advance(60_000);
    await answer(code, 'coming_now');
    const update = await nextEventOf<SentRequest>(stream, 'request');
    const answered = { kind: 'coming_now', at: t.clock.now().toISOString() };
    expect(update).toMatchObject({ _id: request._id, vehicleNumber: 'KL07SL0001', reply: answered });
    const sent = await t.inject({ method: 'GET', url: '/api/users/sentRequests', headers: sender.headers });
    expect(sent.json<SentRequest[]>()).toContainEqual(
      expect.objectContaining({ _id: request._id, reply: answered }),
    );
  });
});

describe('a note attached to a slip also waits for its number', () => {
  const unread = async (who: SignedIn) =>
    (await t.inject({ method: 'GET', url: '/api/users/unreadNotifications', headers: who.headers })).json<
      { content: string }[]
    >();

  it('so that a registration of the number made later receives it', async () => {
    await attachedSlip({ vehicleNumber: 'KL07WT0001', text: 'Slip note for the owner' });
    const owner = await t.signUp();
    await addVehicle(t, owner, { vehicleNumber: 'KL07WT0001' });
    expect(await unread(owner)).toContainEqual(
      expect.objectContaining({ content: 'Slip note for the owner' }),
    );
  });

  it('unless it was answered on the slip', async () => {
    const { code } = await attachedSlip({ vehicleNumber: 'KL07WT0002', text: 'Answered on the slip' });
    expect((await answer(code, 'coming_now')).statusCode).toBe(201);
    const owner = await t.signUp();
    await addVehicle(t, owner, { vehicleNumber: 'KL07WT0002' });
    expect(await unread(owner)).toEqual([]);
  });

  it("waits only while it is the sender's one note for that number; else it is the slip's alone", async () => {
    const { sender, code: first } = await attachedSlip({ vehicleNumber: 'KL07WT0004', text: 'First slip' });
    const [second = ''] = await makeSlips(sender);
    const attached = await attach(sender, second, { vehicleNumber: 'KL07WT0004', text: 'Second slip' });
    expect(attached.statusCode, attached.body).toBe(201);
    const owner = await t.signUp();
    await addVehicle(t, owner, { vehicleNumber: 'KL07WT0004' });
    expect((await unread(owner)).map((item) => item.content)).toEqual(['First slip']);
    expect((await read(second)).json<PublicSlip>()).toMatchObject({ used: true, text: 'Second slip' });
    expect((await answer(second, 'coming_now')).statusCode).toBe(201);
    expect((await answer(first, 'coming_now')).statusCode).toBe(201);
  });

  it('has one answer: once its receiver answered in the app, the slip shows it and takes no other', async () => {
    const { sender, code, request } = await attachedSlip({ vehicleNumber: 'KL07WT0005', text: 'Gate' });
    const owner = await t.signUp();
    await addVehicle(t, owner, { vehicleNumber: 'KL07WT0005' });
    const [received] = await t
      .inject({ method: 'GET', url: '/api/users/unreadNotifications', headers: owner.headers })
      .then((response) => response.json<{ _id: string }[]>());
    expect(received?._id).toBe(request._id);
    const replied = await t.inject({
      method: 'POST',
      url: '/api/users/replyToNotification',
      headers: owner.headers,
      payload: { notificationId: request._id, kind: 'five_minutes' },
    });
    expect(replied.statusCode, replied.body).toBe(201);
    const answeredInApp = { kind: 'five_minutes', at: t.clock.now().toISOString() };
    expect((await read(code)).json<PublicSlip>()).toMatchObject({ reply: answeredInApp });
    expect((await answer(code, 'coming_now')).statusCode).toBe(409);
    const sent = await t.inject({ method: 'GET', url: '/api/users/sentRequests', headers: sender.headers });
    expect(sent.json<SentRequest[]>().filter((item) => item._id === request._id)).toEqual([
      expect.objectContaining({ reply: answeredInApp }),
    ]);
  });

  it('stays the slip’s when the owner it reached deletes their account: the slip still reads and answers', async () => {
    const { sender, code, request } = await attachedSlip({ vehicleNumber: 'KL07WT0006', text: 'Still here' });
    const owner = await t.signUp();
    await addVehicle(t, owner, { vehicleNumber: 'KL07WT0006' });
    expect((await unread(owner)).map((item) => item.content)).toEqual(['Still here']);
    const deleted = await t.inject({ method: 'DELETE', url: '/api/users/account', headers: owner.headers });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect((await read(code)).json<PublicSlip>()).toMatchObject({
      used: true,
      text: 'Still here',
      reply: null,
    });
    expect((await answer(code, 'coming_now')).statusCode).toBe(201);
    const sent = await t.inject({ method: 'GET', url: '/api/users/sentRequests', headers: sender.headers });
    expect(sent.json<SentRequest[]>().filter((item) => item._id === request._id)).toEqual([
      expect.objectContaining({ deliveredAt: null, reply: expect.objectContaining({ kind: 'coming_now' }) }),
    ]);
  });

  it('and the sender follows it once, as the slip', async () => {
    const { sender, request } = await attachedSlip({ vehicleNumber: 'KL07WT0003', templateKey: 'blocking' });
    const sent = await t.inject({ method: 'GET', url: '/api/users/sentRequests', headers: sender.headers });
    expect(sent.json<SentRequest[]>().map((item) => item._id)).toEqual([request._id]);
  });
});

describe('per client address', () => {
  it('limits slip pages and answers like card pages', async () => {
    const limited = await createTestApp({ env: { SLIP_REQUESTS_PER_ADDRESS_MINUTE: '3' } });
    try {
      const code = 'ZZZZZ-ZZZZZ';
      for (let i = 0; i < 3; i += 1) {
        expect((await limited.inject({ method: 'GET', url: `/api/public/slips/${code}` })).statusCode).toBe(
          404,
        );
      }
      const refused = await limited.inject({ method: 'GET', url: `/s/${code}` });
      expect(refused.statusCode).toBe(429);
      expect(refused.headers['retry-after']).toBeDefined();
      const fromElsewhere = await limited.inject({
        method: 'GET',
        url: `/api/public/slips/${code}`,
        remoteAddress: '10.0.0.9',
      });
      expect(fromElsewhere.statusCode).toBe(404);
    } finally {
      await limited.close();
    }
  });
});
