import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

interface Received {
  method: string | undefined;
  url: string | undefined;
  headers: IncomingHttpHeaders;
  body: { verification_id?: string; vehicle_number?: string };
}

/**
 * A stand-in for Cashfree's verification API on 127.0.0.1: it checks nothing itself, it records (tests
 * check). `hold()` makes it a slow provider: requests wait (`arrived` says when one came) until `answer()`.
 */
export async function startFakeCashfree() {
  const received: Received[] = [];
  let held: (() => void)[] | null = null;
  let announce: (() => void) | null = null;
  const fake = {
    received,
    url: '',
    status: 200,
    hang: false,
    record: {
      status: 'VALID',
      chassis: 'MA3EWDE1S00412345',
      engine: 'K12MN7654321',
      rc_status: 'ACTIVE',
      mobile_number: null as string | null,
    },
    /** Resolves once the next request reaches the fake. */
    arrived: Promise.resolve(),
    hold() {
      held = [];
      fake.arrived = new Promise<void>((resolve) => (announce = resolve));
    },
    /** Answers the held requests and stops holding. */
    answer() {
      const waiting = held ?? [];
      held = null;
      for (const respond of waiting) respond();
    },
    close: () => {},
  };
  const server = createServer((request, response) => {
    let text = '';
    request.setEncoding('utf8').on('data', (chunk: string) => (text += chunk));
    request.on('end', () => {
      received.push({
        method: request.method,
        url: request.url,
        headers: request.headers,
        body: JSON.parse(text),
      });
      if (fake.hang) return;
      const body = received.at(-1)?.body;
      const respond = () => reply(body);
      announce?.();
      announce = null;
      if (held) held.push(respond);
      else respond();
    });
    function reply(body: Received['body'] | undefined) {
      response.writeHead(fake.status, { 'content-type': 'application/json', connection: 'close' });
      response.end(
        JSON.stringify(
          fake.status === 200
            ? {
                verification_id: body?.verification_id,
                reference_id: 88,
                reg_no: body?.vehicle_number,
                owner: 'JOHN DOE',
                present_address: 'D-901 Sun Apartments',
                ...fake.record,
              }
            : { message: 'internal error', code: 'server_error', type: 'api_error' },
        ),
      );
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/verification`;
  fake.close = () => {
    server.closeAllConnections();
    server.close();
  };
  return fake;
}

export type FakeCashfree = Awaited<ReturnType<typeof startFakeCashfree>>;
