import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

export const EXOTEL_SID = 'vahancontact1';
export const EXOTEL_KEY = 'exotel-api-key';
export const EXOTEL_TOKEN = 'exotel-api-token';
export const EXOTEL_CALLER_ID = '08047112345';

export interface ReceivedCall {
  method: string | undefined;
  url: string | undefined;
  headers: IncomingHttpHeaders;
  body: string;
  form: URLSearchParams;
}

/** What the fake answers next: Exotel's documented success, its documented error, or nothing at all. */
export type FakeExotelMode = 'success' | 'error' | 'hang';

export interface FakeExotel {
  url: string;
  received: ReceivedCall[];
  mode: FakeExotelMode;
  /** The environment that points the server at this fake. */
  env: Record<string, string>;
  close(): Promise<void>;
}

const successBody = (sid: string) => `<?xml version="1.0" encoding="UTF-8"?>
<TwilioResponse>
 <Call>
  <Sid>${sid}</Sid>
  <AccountSid>${EXOTEL_SID}</AccountSid>
  <Status>in-progress</Status>
  <Direction>outbound-api</Direction>
 </Call>
</TwilioResponse>`;

/** A stand-in for api.in.exotel.com on 127.0.0.1 that records each request it receives. */
export async function startFakeExotel(): Promise<FakeExotel> {
  const hanging = new Set<() => void>();
  let calls = 0;
  const fake: FakeExotel = {
    url: '',
    received: [],
    mode: 'success',
    env: {},
    close: async () => {},
  };
  const server = createServer((request, response) => {
    let body = '';
    request.setEncoding('utf8').on('data', (chunk: string) => (body += chunk));
    request.on('end', () => {
      fake.received.push({
        method: request.method,
        url: request.url,
        headers: request.headers,
        body,
        form: new URLSearchParams(body),
      });
      if (fake.mode === 'hang') {
        hanging.add(() => response.destroy());
        return;
      }
      if (fake.mode === 'error') {
        // Exotel's messages may quote a number of the request: the server must not pass it on.
        const message = `CallerId is not a valid ExoPhone for ${new URLSearchParams(body).get('To')}`;
        response.writeHead(400, { 'content-type': 'application/json', connection: 'close' });
        response.end(JSON.stringify({ RestException: { Status: 400, Message: message } }));
        return;
      }
      calls += 1;
      response.writeHead(200, { 'content-type': 'application/xml', connection: 'close' });
      response.end(successBody(`fakecall${calls}`));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  fake.env = {
    TELEPHONY_PROVIDER: 'exotel',
    EXOTEL_ACCOUNT_SID: EXOTEL_SID,
    EXOTEL_API_KEY: EXOTEL_KEY,
    EXOTEL_API_TOKEN: EXOTEL_TOKEN,
    EXOTEL_CALLER_ID,
    EXOTEL_BASE_URL: fake.url,
  };
  fake.close = async () => {
    for (const end of hanging) end();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  };
  return fake;
}
