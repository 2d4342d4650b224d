import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { buildConnector } from 'undici';
import { afterEach, describe, expect, it } from 'vitest';
import { steadyLoad } from './steady-load';

type Handler = (request: IncomingMessage, response: ServerResponse, requestOnSocket: number) => void;

const servers: Server[] = [];
afterEach(async () => {
  await Promise.all(
    servers.splice(0).map(
      (server) =>
        new Promise((resolve) => {
          server.closeAllConnections();
          server.close(resolve);
        }),
    ),
  );
});

/** A stand-in for the API: reads answer `[]`, writes 201, each request numbered on its connection. */
async function fakeApi(handle: Handler = answer): Promise<string> {
  const served = new WeakMap<object, number>();
  const server = createServer((request, response) => {
    const count = (served.get(request.socket) ?? 0) + 1;
    served.set(request.socket, count);
    request.resume();
    request.once('end', () => handle(request, response, count));
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

function answer(request: IncomingMessage, response: ServerResponse): void {
  response.writeHead(request.method === 'POST' ? 201 : 200, { 'content-type': 'application/json' });
  response.end(request.method === 'POST' ? '{}' : '[]');
}

const resetError = () => Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' });

describe('steady load', () => {
  it('counts a connection reset before it opened as refused, never as a failed request', async () => {
    const baseUrl = await fakeApi((request, response) => {
      response.setHeader('connection', 'close');
      answer(request, response);
    });
    const realConnector = buildConnector({});
    let connects = 0;
    const load = steadyLoad({
      baseUrl,
      token: 'token',
      workers: 1,
      // The second and third connections are reset while queued: the connect itself fails.
      connector: (options, callback) => {
        connects += 1;
        if (connects === 2 || connects === 3) setImmediate(() => callback(resetError(), null));
        else realConnector(options, callback);
      },
    });
    await load.answered(4);
    const outcome = await load.stop();

    expect(outcome.failures).toEqual([]);
    expect(outcome.refused).toBe(2);
    expect(outcome.resetBeforeAnswer).toEqual([]);
  });

  it('counts a reset of a connection that had answered as a failed request', async () => {
    let reset = false;
    const baseUrl = await fakeApi((request, response, requestOnSocket) => {
      if (requestOnSocket === 2 && !reset) {
        reset = true;
        request.socket.resetAndDestroy();
        return;
      }
      answer(request, response);
    });
    const load = steadyLoad({ baseUrl, token: 'token', workers: 1 });
    await load.answered(4);
    const outcome = await load.stop();

    expect(outcome.failures).toEqual(['POST /api/users/addVehicle: ECONNRESET']);
    expect(outcome.refused).toBe(0);
  });

  it('records the port of a new connection reset before any answer, for the server log to judge', async () => {
    let connections = 0;
    const baseUrl = await fakeApi((request, response, requestOnSocket) => {
      if (requestOnSocket === 1) connections += 1;
      if (connections === 2 && requestOnSocket === 1) {
        request.socket.resetAndDestroy();
        return;
      }
      response.setHeader('connection', 'close');
      answer(request, response);
    });
    const load = steadyLoad({ baseUrl, token: 'token', workers: 1 });
    await load.answered(4);
    const outcome = await load.stop();

    expect(outcome.failures).toEqual([]);
    expect(outcome.resetBeforeAnswer).toEqual([expect.any(Number)]);
    expect(outcome.resetBeforeAnswer[0]).toBeGreaterThan(0);
  });
});
