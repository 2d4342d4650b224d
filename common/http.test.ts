import { describe, expect, it, vi } from 'vitest';
import { createClient, HttpError } from './http';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function clientAnswering(respond: () => Response | Promise<Response>, token: string | null = 'token-1') {
  const fetch = vi.fn<typeof globalThis.fetch>(async () => respond());
  const onError = vi.fn<(error: HttpError) => void>();
  return {
    fetch,
    onError,
    client: createClient({ base: 'https://api.example', token: () => token, fetch, onError }),
  };
}

async function failureOfCall(request: Promise<unknown>): Promise<HttpError> {
  const error: unknown = await request.then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  if (!(error instanceof HttpError)) throw new Error('the request did not fail with an HttpError');
  return error;
}

describe('the transport', () => {
  it('sends JSON with the bearer token, the Idempotency-Key and the query to the base URL', async () => {
    const { client, fetch } = clientAnswering(() => json(201, { ok: true }));
    const answer = await client('/api/users/x', {
      method: 'POST',
      body: { a: 1 },
      query: { id: 'v 1' },
      idempotencyKey: 'key-12345678',
    });
    expect(answer).toEqual({ ok: true });
    const [url, init] = fetch.mock.calls[0] ?? [];
    expect(url).toBe('https://api.example/api/users/x?id=v+1');
    expect(init?.method).toBe('POST');
    expect(JSON.parse(String(init?.body))).toEqual({ a: 1 });
    const headers = new Headers(init?.headers);
    expect(headers.get('authorization')).toBe('Bearer token-1');
    expect(headers.get('content-type')).toBe('application/json');
    expect(headers.get('idempotency-key')).toBe('key-12345678');
  });

  it('sends a FormData as it is, leaving its multipart content type to fetch', async () => {
    const { client, fetch } = clientAnswering(() => json(201, { ok: true }));
    const form = new FormData();
    form.append('caption', 'Gate');
    await client('/api/users/sendImage', { method: 'POST', body: form, idempotencyKey: 'key-0001' });
    const init = fetch.mock.calls[0]?.[1];
    expect(init?.body).toBe(form);
    const headers = new Headers(init?.headers);
    expect(headers.get('content-type')).toBeNull();
    expect(headers.get('idempotency-key')).toBe('key-0001');
  });

  it('sends no authorization without a token, and a token given with the call wins', async () => {
    const { client, fetch } = clientAnswering(() => json(200, {}), null);
    await client('/a');
    await client('/b', { token: 'ending-token' });
    expect(new Headers(fetch.mock.calls[0]?.[1]?.headers).has('authorization')).toBe(false);
    expect(new Headers(fetch.mock.calls[1]?.[1]?.headers).get('authorization')).toBe('Bearer ending-token');
  });

  it('hands a binary answer over as its bytes, untouched', async () => {
    const bytes = new Uint8Array([0x25, 0x50, 0x44, 0x46, 0xff, 0x00, 0xfe]);
    const { client } = clientAnswering(
      () => new Response(bytes, { headers: { 'content-type': 'application/pdf' } }),
    );
    const answer = await client<Blob>('/api/users/file.pdf', { binary: true });
    expect(answer.type).toBe('application/pdf');
    expect(new Uint8Array(await answer.arrayBuffer())).toEqual(bytes);
  });

  it('reads an empty answer as undefined', async () => {
    const { client } = clientAnswering(() => new Response(null, { status: 204 }));
    await expect(client('/a', { method: 'DELETE' })).resolves.toBeUndefined();
  });

  it("throws a refusal with its status and the server's message, once past onError", async () => {
    const { client, onError } = clientAnswering(() => json(403, { message: 'Blocked.' }));
    const error = await failureOfCall(client('/a'));
    expect(error).toMatchObject({ status: 403, failure: 'refused', serverMessage: 'Blocked.' });
    expect(onError).toHaveBeenCalledExactlyOnceWith(error);
  });

  it('throws a request that got no answer as offline, with the cause', async () => {
    const cause = new TypeError('Failed to fetch');
    const { client } = clientAnswering(() => {
      throw cause;
    });
    const error = await failureOfCall(client('/a'));
    expect(error).toMatchObject({ status: undefined, failure: 'offline', cause });
  });

  it("keeps the seconds a refusal's Retry-After asks to wait, and none when it sent none", async () => {
    const limited = clientAnswering(
      () =>
        new Response(JSON.stringify({ message: 'Wait.' }), {
          status: 429,
          headers: { 'content-type': 'application/json', 'retry-after': '42' },
        }),
    );
    expect(await failureOfCall(limited.client('/a'))).toMatchObject({ status: 429, retryAfterSeconds: 42 });
    const refused = clientAnswering(() => json(403, { message: 'Blocked.' }));
    expect((await failureOfCall(refused.client('/a'))).retryAfterSeconds).toBeUndefined();
  });

  it('keeps the status of an error whose body is not JSON', async () => {
    const { client } = clientAnswering(
      () => new Response('<html>', { status: 502, headers: { 'content-type': 'application/json' } }),
    );
    expect(await failureOfCall(client('/a'))).toMatchObject({ status: 502, failure: 'server' });
  });
});

describe('the failure class of a failed call', () => {
  it('sorts answers into offline, unauthorized, refused and server', async () => {
    const classes: (string | undefined)[] = [];
    const noAnswer = clientAnswering(() => Promise.reject(new TypeError('Failed to fetch')));
    classes.push((await failureOfCall(noAnswer.client('/a'))).failure);
    for (const status of [401, 400, 404, 409, 429, 500, 503]) {
      const answered = clientAnswering(() => json(status, { message: 'no' }));
      classes.push((await failureOfCall(answered.client('/a'))).failure);
    }
    expect(classes).toEqual([
      'offline',
      'unauthorized',
      'refused',
      'refused',
      'refused',
      'refused',
      'server',
      'server',
    ]);
  });
});

describe("the server's message of a failed call", () => {
  it("reads the server's { message } and nothing else", async () => {
    const messageOfAnswer = async (body: unknown) =>
      (await failureOfCall(clientAnswering(() => json(404, body)).client('/a'))).serverMessage;
    expect(await messageOfAnswer({ message: 'Vehicle not found.' })).toBe('Vehicle not found.');
    expect(await messageOfAnswer({ message: 42 })).toBeUndefined();
    expect(await messageOfAnswer('Vehicle not found.')).toBeUndefined();
    expect(await messageOfAnswer(null)).toBeUndefined();
  });
});
