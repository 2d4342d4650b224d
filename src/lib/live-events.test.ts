import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ServerNotification } from '#common/api';
import type { SentRequest } from '#common/api';
import { fakeEventStream, type FakeEventStream } from '../testing/event-stream';
import { aServerNotification } from '../testing/fixtures';
import { startLiveEvents, stopLiveEvents } from './live-events';
import { tokenAtom } from './token';
import { appStore, RESET } from './store';

// The contract's schemas load apart from the shell; here they are in the module cache before a test starts.
beforeAll(() => import('#common/api'));

/** One request of the page and the event stream that answers it. */
interface OpenedStream extends FakeEventStream {
  signal: AbortSignal;
  headers: Headers;
}

/**
 * Replaces fetch: every request gets a fresh open event stream (listed in `streams`), unless
 * `answer` gives another response first.
 */
function fakeServer(answer: (request: number) => Response | undefined = () => undefined) {
  const streams: OpenedStream[] = [];
  const requests: string[] = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init: RequestInit = {}) => {
    requests.push(String(input));
    const given = answer(requests.length);
    if (given) return given;
    const stream = fakeEventStream();
    const signal = init.signal ?? new AbortController().signal;
    streams.push({ ...stream, signal, headers: new Headers(init.headers) });
    return stream.response;
  });
  return { streams, requests };
}

function handlers() {
  return {
    onNotification: vi.fn<(notification: ServerNotification) => void>(),
    onRequest: vi.fn<(request: SentRequest) => void>(),
    onResync: vi.fn<() => void>(),
    onUnauthorized: vi.fn<() => void>(),
  } satisfies Parameters<typeof startLiveEvents>[0];
}

/** Lets pending promises (fetch, stream reads) settle without moving the clock. */
const settle = () => vi.advanceTimersByTimeAsync(0);

function setOnline(online: boolean) {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(online);
  window.dispatchEvent(new Event(online ? 'online' : 'offline'));
}

describe('the live channel', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    // The longest wait of each step, so the steps below are exact.
    vi.spyOn(Math, 'random').mockReturnValue(1);
    appStore.set(tokenAtom, 'live-token');
  });

  afterEach(() => stopLiveEvents());

  it('sends the bearer token to GET /api/users/events', async () => {
    const { streams, requests } = fakeServer();
    startLiveEvents(handlers());
    await settle();
    expect(requests).toEqual(['/api/users/events']);
    expect(streams[0]?.headers.get('authorization')).toBe('Bearer live-token');
  });

  it('hands each notification event to onNotification', async () => {
    const { streams } = fakeServer();
    const on = handlers();
    startLiveEvents(on);
    await settle();
    const notification = aServerNotification({ _id: 'live-1' });
    streams[0]?.write('event: ready\ndata: {}\n\n: ping\n\n');
    streams[0]?.notify(notification);
    await settle();
    expect(on.onNotification.mock.calls).toEqual([[notification]]);
  });

  it('hands each request event to onRequest', async () => {
    const { streams } = fakeServer();
    const on = handlers();
    startLiveEvents(on);
    await settle();
    const request: SentRequest = {
      _id: 'sent-1',
      vehicleNumber: 'KL07AB1234',
      content: 'Please move',
      sentAt: '2026-11-21T09:00:00.000Z',
      deliveredAt: null,
      seenAt: null,
      reply: { kind: 'five_minutes', at: '2026-11-21T09:01:00.000Z' },
      reminderSentAt: null,
      fallbacks: [],
    };
    streams[0]?.write(`event: request\ndata: ${JSON.stringify(request)}\n\n`);
    streams[0]?.write('event: request\ndata: {"_id":1}\n\n');
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    await settle();
    expect(on.onRequest.mock.calls).toEqual([[request]]);
    expect(on.onNotification).not.toHaveBeenCalled();
  });

  it('reads an event that arrives in pieces, with CRLF line ends split between them', async () => {
    const { streams } = fakeServer();
    const on = handlers();
    startLiveEvents(on);
    await settle();
    const notification = aServerNotification({ _id: 'split-1' });
    const frame = `event: notification\r\ndata: ${JSON.stringify(notification)}\r\n\r\n`;
    const middle = frame.indexOf('\r\n') + 1;
    streams[0]?.write(frame.slice(0, middle));
    streams[0]?.write(frame.slice(middle, -1));
    await settle();
    expect(on.onNotification).not.toHaveBeenCalled();
    streams[0]?.write(frame.slice(-1));
    await settle();
    expect(on.onNotification.mock.calls).toEqual([[notification]]);
  });

  it('ignores a notification event whose data is not a notification', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { streams } = fakeServer();
    const on = handlers();
    startLiveEvents(on);
    await settle();
    streams[0]?.write('event: notification\ndata: {"_id":1}\n\nevent: notification\ndata: nope\n\n');
    await settle();
    expect(on.onNotification).not.toHaveBeenCalled();
  });

  it('reconnects after a drop, waiting 1 s, then 2 s, then 4 s', async () => {
    const { streams, requests } = fakeServer();
    startLiveEvents(handlers());
    await settle();
    for (const wait of [1_000, 2_000, 4_000]) {
      const before = requests.length;
      streams.at(-1)?.end();
      await vi.advanceTimersByTimeAsync(wait - 1);
      expect(requests).toHaveLength(before);
      await vi.advanceTimersByTimeAsync(1);
      expect(requests).toHaveLength(before + 1);
    }
  });

  it('waits at most 30 s between attempts', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { requests } = fakeServer(() => new Response('down', { status: 503 }));
    startLiveEvents(handlers());
    await settle();
    await vi.advanceTimersByTimeAsync(1_000 + 2_000 + 4_000 + 8_000 + 16_000);
    expect(requests).toHaveLength(6);
    await vi.advanceTimersByTimeAsync(30_000 - 1);
    expect(requests).toHaveLength(6);
    await vi.advanceTimersByTimeAsync(1);
    expect(requests).toHaveLength(7);
  });

  it('retries after a network error', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { requests } = fakeServer((request) => {
      if (request === 1) throw new TypeError('Failed to fetch');
      return undefined;
    });
    startLiveEvents(handlers());
    await vi.advanceTimersByTimeAsync(1_000);
    expect(requests).toHaveLength(2);
  });

  it('waits twice as long after each drop, from 1 s up to 30 s', async () => {
    const { streams, requests } = fakeServer();
    startLiveEvents(handlers());
    await settle();
    for (const [drop, wait] of [1_000, 2_000, 4_000, 8_000, 16_000, 30_000, 30_000].entries()) {
      streams[drop]?.end();
      await vi.advanceTimersByTimeAsync(wait - 1);
      expect(requests).toHaveLength(drop + 1);
      await vi.advanceTimersByTimeAsync(1);
      expect(requests).toHaveLength(drop + 2);
    }
  });

  it('jitters each wait within its upper half', async () => {
    vi.spyOn(Math, 'random').mockReturnValue(0);
    const { streams, requests } = fakeServer();
    startLiveEvents(handlers());
    await settle();
    streams[0]?.end();
    await vi.advanceTimersByTimeAsync(499);
    expect(requests).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(requests).toHaveLength(2);
  });

  it('starts the backoff over after a connection that stayed open', async () => {
    const { streams, requests } = fakeServer();
    startLiveEvents(handlers());
    await settle();
    streams[0]?.end();
    await vi.advanceTimersByTimeAsync(1_000);
    streams[1]?.end();
    await vi.advanceTimersByTimeAsync(2_000);
    expect(requests).toHaveLength(3);
    // A connection open for 10 s was healthy.
    await vi.advanceTimersByTimeAsync(10_000);
    streams[2]?.end();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(requests).toHaveLength(4);
  });

  it('reconnects when the server has been silent for a minute', async () => {
    const { streams, requests } = fakeServer();
    startLiveEvents(handlers());
    await settle();
    await vi.advanceTimersByTimeAsync(60_000 - 1);
    expect(streams[0]?.signal.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(streams[0]?.signal.aborted).toBe(true);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(requests).toHaveLength(2);
  });

  it('asks for a resync on every reconnection but not on the first connection', async () => {
    const { streams } = fakeServer();
    const on = handlers();
    startLiveEvents(on);
    await settle();
    expect(on.onResync).not.toHaveBeenCalled();
    streams[0]?.end();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(on.onResync).toHaveBeenCalledTimes(1);
    streams[1]?.end();
    await vi.advanceTimersByTimeAsync(2_000);
    expect(on.onResync).toHaveBeenCalledTimes(2);
  });

  it('asks for a resync on the first connection when the first attempt failed', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    fakeServer((request) => (request === 1 ? new Response('down', { status: 503 }) : undefined));
    const on = handlers();
    startLiveEvents(on);
    await settle();
    expect(on.onResync).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(on.onResync).toHaveBeenCalledTimes(1);
  });

  it('stops for good on a 401 and says so', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { requests } = fakeServer(() => new Response('{"message":"Unauthorized"}', { status: 401 }));
    const on = handlers();
    startLiveEvents(on);
    await settle();
    expect(on.onUnauthorized).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(10 * 60_000);
    setOnline(true);
    await settle();
    expect(requests).toHaveLength(1);
  });

  it('does not connect without a stored token', async () => {
    appStore.set(tokenAtom, RESET);
    const { requests } = fakeServer();
    startLiveEvents(handlers());
    await vi.advanceTimersByTimeAsync(60_000);
    expect(requests).toEqual([]);
  });

  it('stop() aborts the open connection and never reconnects', async () => {
    const { streams, requests } = fakeServer();
    const live = startLiveEvents(handlers());
    await settle();
    live.stop();
    expect(streams[0]?.signal.aborted).toBe(true);
    await vi.advanceTimersByTimeAsync(10 * 60_000);
    expect(requests).toHaveLength(1);
  });

  it('stop() during a backoff wait cancels the next attempt', async () => {
    const { streams, requests } = fakeServer();
    const live = startLiveEvents(handlers());
    await settle();
    streams[0]?.end();
    await settle();
    live.stop();
    await vi.advanceTimersByTimeAsync(10 * 60_000);
    expect(requests).toHaveLength(1);
  });

  it('stopLiveEvents() stops the channel that is open', async () => {
    const { streams } = fakeServer();
    startLiveEvents(handlers());
    await settle();
    stopLiveEvents();
    expect(streams[0]?.signal.aborted).toBe(true);
  });

  it('starting again closes the channel already open', async () => {
    const { streams } = fakeServer();
    startLiveEvents(handlers());
    await settle();
    startLiveEvents(handlers());
    await settle();
    expect(streams.map((stream) => stream.signal.aborted)).toEqual([true, false]);
  });

  it('does not connect while offline, and connects when the network returns', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const { requests } = fakeServer();
    const on = handlers();
    startLiveEvents(on);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(requests).toEqual([]);
    setOnline(true);
    await settle();
    expect(requests).toHaveLength(1);
    expect(on.onResync).toHaveBeenCalledTimes(1);
  });

  it('going offline closes the connection without retrying until the network returns', async () => {
    const { streams, requests } = fakeServer();
    const on = handlers();
    startLiveEvents(on);
    await settle();
    setOnline(false);
    await settle();
    expect(streams[0]?.signal.aborted).toBe(true);
    await vi.advanceTimersByTimeAsync(10 * 60_000);
    expect(requests).toHaveLength(1);
    setOnline(true);
    await settle();
    expect(requests).toHaveLength(2);
    expect(on.onResync).toHaveBeenCalledTimes(1);
  });
});
