import type { AddressInfo } from 'node:net';
import { createParser } from 'eventsource-parser';
import type { FastifyInstance } from 'fastify';

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
  let timer: NodeJS.Timeout | undefined;
  const open = new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), ms)));
  const result = await Promise.race([ended, open]);
  clearTimeout(timer);
  return result;
}
