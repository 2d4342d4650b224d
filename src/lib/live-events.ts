/**
 * The page's side of the live channel (DESIGN §5): GET /api/users/events read with fetch streaming,
 * since EventSource cannot send the bearer token. The connection is kept open while signed in and
 * online: after a drop it comes back with backoff, and since notifications sent while it was down
 * were missed, every reopening after a gap asks for a resync. A 401 ends it: the session is over.
 */
import { createParser, type EventSourceMessage } from 'eventsource-parser';
import type * as Api from '#common/api';
import type { SentRequest, ServerNotification } from '#common/api';
import { bearer } from '#common/http';
import { API_BASE } from './api-client';
import { isOffline } from './network';
import { appStore } from './store';
import { tokenAtom } from './token';

const EVENTS_PATH = '/api/users/events';
const FIRST_RETRY_MS = 1_000;
const MAX_RETRY_MS = 30_000;
/** A connection that stayed open this long was healthy: the next drop starts the backoff over. */
const HEALTHY_MS = 10_000;
/** The server sends a heartbeat every 25 s: this long without a byte means the connection is dead. */
const SILENCE_MS = 60_000;

/** The wait before reconnection attempt `attempt` (0-based): doubling from 1 s up to 30 s, the upper half jittered. */
function retryDelay(attempt: number): number {
  const ceiling = Math.min(MAX_RETRY_MS, FIRST_RETRY_MS * 2 ** attempt);
  return ceiling / 2 + (Math.random() * ceiling) / 2;
}

type Contract = typeof Api;
/** The schemas that check each frame: loaded when the channel first connects, apart from the shell. */
let contract: Contract | undefined;

function toNotification(data: string, { serverNotification }: Contract): ServerNotification | undefined {
  try {
    const parsed = serverNotification.safeParse(JSON.parse(data));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

function toSentRequest(data: string, { sentRequest }: Contract): SentRequest | undefined {
  try {
    const parsed = sentRequest.safeParse(JSON.parse(data));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

interface LiveEventsHandlers {
  onNotification(notification: ServerNotification): void;
  /** A request the user sent changed: delivered, seen, answered or reminded. */
  onRequest(request: SentRequest): void;
  /** The channel reopened after a gap (a drop, an error, time offline): what was sent meanwhile was missed. */
  onResync(): void;
  /** The server refused the token; the channel has stopped for good. */
  onUnauthorized(): void;
}

interface LiveEvents {
  stop(): void;
}

let current: LiveEvents | undefined;

/** Opens the live channel (closing one already open); it runs until `stop`, a 401 or `stopLiveEvents`. */
export function startLiveEvents(handlers: LiveEventsHandlers): LiveEvents {
  current?.stop();
  let stopped = false;
  /** Failed or short-lived connections in a row. */
  let attempt = 0;
  /** False only until the first attempt: the caller has just fetched what there is. */
  let resyncOnOpen = false;
  let connection: AbortController | undefined;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;

  function cancelRetry() {
    clearTimeout(retryTimer);
    retryTimer = undefined;
  }

  function onMessage(message: EventSourceMessage, schemas: Contract) {
    if (message.event === 'request') {
      const request = toSentRequest(message.data, schemas);
      if (request) handlers.onRequest(request);
      else console.warn('Live channel: ignored a malformed request update');
      return;
    }
    if (message.event !== 'notification') return;
    const notification = toNotification(message.data, schemas);
    if (notification) handlers.onNotification(notification);
    else console.warn('Live channel: ignored a malformed notification');
  }

  async function read(
    body: ReadableStream<Uint8Array>,
    controller: AbortController,
    schemas: Contract,
  ): Promise<void> {
    const reader = body.getReader();
    // An abort ends the pending read even where the body does not follow the fetch's signal.
    controller.signal.addEventListener('abort', () => void reader.cancel().catch(() => undefined));
    const decoder = new TextDecoder();
    const parser = createParser({ onEvent: (message) => onMessage(message, schemas) });
    let silence: ReturnType<typeof setTimeout> | undefined;
    const watch = () => {
      clearTimeout(silence);
      silence = setTimeout(() => controller.abort(), SILENCE_MS);
    };
    try {
      watch();
      for (;;) {
        const chunk = await reader.read();
        if (chunk.done || controller.signal.aborted) return;
        watch();
        parser.feed(decoder.decode(chunk.value, { stream: true }));
      }
    } finally {
      clearTimeout(silence);
    }
  }

  async function connect(): Promise<void> {
    retryTimer = undefined;
    if (stopped || connection) return;
    // Offline: the `online` event reconnects.
    if (isOffline()) {
      resyncOnOpen = true;
      return;
    }
    const token = appStore.get(tokenAtom);
    if (token === null) return live.stop();
    const schemas = (contract ??= await import('#common/api'));
    if (stopped || connection) return;
    const controller = new AbortController();
    connection = controller;
    let openedAt: number | undefined;
    try {
      const response = await fetch(`${API_BASE}${EVENTS_PATH}`, {
        headers: { Authorization: bearer(token), Accept: 'text/event-stream' },
        cache: 'no-store',
        signal: controller.signal,
      });
      if (response.status === 401) {
        console.error('Live channel: unauthorized, possibly invalid token');
        live.stop();
        handlers.onUnauthorized();
        return;
      }
      if (!response.ok || !response.body) throw new Error(`status ${response.status}`);
      openedAt = Date.now();
      if (resyncOnOpen) handlers.onResync();
      resyncOnOpen = true;
      await read(response.body, controller, schemas);
    } catch (error) {
      if (!controller.signal.aborted) console.warn('Live channel: connection failed', error);
    } finally {
      connection = undefined;
      resyncOnOpen = true;
    }
    if (stopped || isOffline()) return;
    if (openedAt !== undefined && Date.now() - openedAt >= HEALTHY_MS) attempt = 0;
    retryTimer = setTimeout(() => void connect(), retryDelay(attempt));
    attempt += 1;
  }

  function onOnline() {
    cancelRetry();
    attempt = 0;
    void connect();
  }

  function onOffline() {
    cancelRetry();
    connection?.abort();
  }

  const live: LiveEvents = {
    stop() {
      if (stopped) return;
      stopped = true;
      cancelRetry();
      connection?.abort();
      window.removeEventListener('online', onOnline);
      window.removeEventListener('offline', onOffline);
      if (current === live) current = undefined;
    },
  };
  current = live;
  window.addEventListener('online', onOnline);
  window.addEventListener('offline', onOffline);
  void connect();
  return live;
}

/** Logout: the open live channel, if any, stops. */
export function stopLiveEvents(): void {
  current?.stop();
}
