import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

export const MSG91_AUTH_KEY = 'msg91-auth-key';
export const MSG91_TEMPLATE_ID = '64f0c0ffee0123456789abcd';
export const MSG91_NOTICE_TEMPLATE_ID = '65a1notice0123456789abcd';
export const MSG91_NOTICE_TEMPLATE_ID_ML = '65a1noticeml123456789abcd';

export interface ReceivedRequest {
  method: string | undefined;
  path: string;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  body: string;
}

/** The number a Flow request is for, as MSG91 quotes it in an error. */
function recipientOf(body: string): string {
  try {
    const parsed = JSON.parse(body) as { recipients?: { mobiles?: unknown }[] };
    return String(parsed.recipients?.[0]?.mobiles ?? 'no recipient');
  } catch {
    return 'no recipient';
  }
}

/**
 * A stand-in for control.msg91.com on 127.0.0.1 (its Flow API): records each request and answers as MSG91 documents,
 * `{"type":"success","request_id":…}`, or its error body (with HTTP 200, as MSG91 does), or nothing.
 */
export async function startFakeMsg91() {
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
            : { type: 'error', message: `Invalid template for ${recipientOf(body)}` },
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

export type FakeMsg91 = Awaited<ReturnType<typeof startFakeMsg91>>;
