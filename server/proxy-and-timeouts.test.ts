import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listen } from './testing/event-stream';
import { createTestApp, nextPhone, registration, type TestApp } from './testing/test-app';

const PROXY = '10.0.0.5';
const CLIENT = '198.51.100.7';

describe('per-address limits behind a trusted proxy', () => {
  describe.each([
    ['a hop count', '1'],
    ['the proxy addresses', '10.0.0.0/8, 192.0.2.1'],
  ])('with TRUST_PROXY as %s', (_kind, trustProxy) => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp({ env: { TRUST_PROXY: trustProxy, CODE_REQUESTS_PER_ADDRESS_HOUR: '3' } });
    });
    afterAll(() => t.close());

    /** The proxy appends the address it saw; whatever the client wrote itself comes before it. */
    const registerVia = (spoofed: string) =>
      t.inject({
        method: 'POST',
        url: '/api/users/register',
        payload: registration(nextPhone()),
        remoteAddress: PROXY,
        headers: { 'x-forwarded-for': `${spoofed}, ${CLIENT}` },
      });

    it('still limits a client that rotates a spoofed left-most X-Forwarded-For', async () => {
      const statuses = [];
      for (let i = 1; i <= 5; i++) statuses.push((await registerVia(`203.0.113.${i}`)).statusCode);
      expect(statuses).toEqual([201, 201, 201, 429, 429]);
    });
  });
});

/** Sends the start of a request and never the rest; resolves with what the server did, and when. */
function stallRequest(base: string, request: string): Promise<{ closedAfterMs: number; answer: string }> {
  const { hostname, port } = new URL(base);
  return new Promise((resolve) => {
    const started = Date.now();
    let answer = '';
    const socket: Socket = connect(Number(port), hostname, () => socket.write(request));
    socket.setEncoding('utf8').on('data', (chunk: string) => (answer += chunk));
    socket.on('close', () => resolve({ closedAfterMs: Date.now() - started, answer }));
    socket.on('error', () => {});
  });
}

describe('slow clients', () => {
  let t: TestApp;
  let base: string;
  beforeAll(async () => {
    t = await createTestApp({ env: { REQUEST_TIMEOUT_MS: '1500', MAX_CONNECTIONS: '50' } });
    base = await listen(t.app);
  });
  afterAll(() => t.close());

  it('ends an unauthenticated request whose body never finishes, with 408', async () => {
    const { closedAfterMs, answer } = await stallRequest(
      base,
      'POST /api/users/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"pho',
    );
    expect(answer).toMatch(/^HTTP\/1\.1 408/);
    expect(closedAfterMs).toBeLessThan(10_000);
  });

  it('ends a request whose headers never finish', async () => {
    const { closedAfterMs } = await stallRequest(base, 'GET /api/health HTTP/1.1\r\nHost: x\r\n');
    expect(closedAfterMs).toBeLessThan(10_000);
  });

  it('sets the timeouts and the connection limit from the configuration', () => {
    expect(t.app.server.requestTimeout).toBe(1500);
    expect(t.app.server.maxConnections).toBe(50);
    expect(t.app.server.keepAliveTimeout).toBe(72_000);
    expect(t.app.server.timeout).toBe(60_000);
  });

  it('keeps a live stream open past the request timeout', async () => {
    const user = await t.signUp();
    const response = await fetch(`${base}/api/users/events`, { headers: user.headers });
    const reader = response.body!.getReader();
    await reader.read();
    await new Promise((resolve) => setTimeout(resolve, 3000));
    const racing = await Promise.race([
      reader.read().then((chunk) => (chunk.done ? 'ended' : 'data')),
      new Promise((resolve) => setTimeout(() => resolve('open'), 500)),
    ]);
    expect(racing).toBe('open');
    await reader.cancel();
  });
});
