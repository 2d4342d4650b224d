/** A fake `text/event-stream` response for tests of the live channel: the test writes to it and ends it. */
import type { ServerNotification } from '#common/api';

export interface FakeEventStream {
  response: Response;
  write(text: string): void;
  /** Sends one `notification` event, as the server does. */
  notify(notification: ServerNotification): void;
  /** The server ends the stream (a drop). */
  end(): void;
  /** True once the page stopped reading (it aborted or cancelled the body). */
  cancelled(): boolean;
}

export function fakeEventStream(): FakeEventStream {
  const encoder = new TextEncoder();
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  let cancelled = false;
  let ended = false;
  const body = new ReadableStream<Uint8Array>({
    start: (given) => void (controller = given),
    cancel: () => void (cancelled = true),
  });
  const write = (text: string) => {
    if (!cancelled && !ended) controller.enqueue(encoder.encode(text));
  };
  return {
    response: new Response(body, { headers: { 'content-type': 'text/event-stream' } }),
    write,
    notify: (notification) => write(`event: notification\ndata: ${JSON.stringify(notification)}\n\n`),
    end() {
      if (cancelled || ended) return;
      ended = true;
      controller.close();
    },
    cancelled: () => cancelled,
  };
}
