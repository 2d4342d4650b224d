import type { AddressInfo } from 'node:net';
import { createParser } from 'eventsource-parser';
import type { FastifyInstance } from 'fastify';
import { within } from '../lib/within';
import { afterEach, expect } from 'vitest';

/** One server-sent frame: an event with its data, or a comment line (heartbeat). */
export interface SseFrame {
  event?: string;
  data?: string;
  comment?: string;
}

export interface EventStream {
  response: Response;
  /** The next frame, or null once the server ended the stream. */
  next(): Promise<SseFrame | null>;
  /** The next frame that is an event (heartbeats skipped), or null at the end. */
  nextEvent(): Promise<SseFrame | null>;
  /** Disconnects, as a closed tab does. */
  close(): void;
}

/** The address of an app that listens on a real port (streams need real HTTP, not inject). */
export async function listen(app: FastifyInstance): Promise<string> {
  if (!app.server.listening) await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  return `http://127.0.0.1:${port}`;
}

/** Opens GET `url` with fetch streaming, as the PWA does, and reads it frame by frame. */
export async function openEventStream(
  url: string,
  headers: Record<string, string> = {},
): Promise<EventStream> {
  const abort = new AbortController();
  const response = await fetch(url, { headers, signal: abort.signal });
  const reader = response.body?.getReader();
  const decoder = new TextDecoder();
  const frames: SseFrame[] = [];
  const parser = createParser({
    onEvent: ({ event, data }) => frames.push({ event, data }),
    onComment: (comment) => frames.push({ comment: comment.trim() }),
  });
  let ended = false;

  async function next(): Promise<SseFrame | null> {
    for (;;) {
      const frame = frames.shift();
      if (frame) return frame;
      if (ended || !reader) return null;
      try {
        const chunk = await reader.read();
        if (chunk.done) ended = true;
        else parser.feed(decoder.decode(chunk.value, { stream: true }));
      } catch {
        ended = true;
      }
    }
  }

  return {
    response,
    next,
    async nextEvent() {
      for (let frame = await next(); frame; frame = await next()) if (frame.event) return frame;
      return null;
    },
    close: () => abort.abort(),
  };
}

/** True when the server ends the stream within `ms` (frames before the end are read and dropped). */
export async function endsWithin(stream: EventStream, ms: number): Promise<boolean> {
  const ended = (async () => {
    while (await stream.next()) {
      // heartbeats and events until the end
    }
    return true;
  })();
  return within(ended, ms).catch(() => false);
}

/**
 * Opens live streams for a test file: each is checked to begin with the `ready` event, and every
 * stream still open is closed after each test.
 */
export function liveStreams(): (
  who: { headers: Record<string, string> },
  base: string,
) => Promise<EventStream> {
  const opened: EventStream[] = [];
  afterEach(() => {
    for (const stream of opened.splice(0)) stream.close();
  });
  return async (who, base) => {
    const stream = await openEventStream(`${base}/api/users/events`, who.headers);
    opened.push(stream);
    expect(await stream.next()).toEqual({ event: 'ready', data: '{}' });
    return stream;
  };
}

/** The stream's next event, which must be a `kind` event; its data as the server sent it. */
export async function nextEventOf<T>(stream: EventStream, kind: 'notification' | 'request'): Promise<T> {
  const frame = await stream.nextEvent();
  expect(frame?.event).toBe(kind);
  return JSON.parse(frame?.data ?? 'null') as T;
}
