import { PassThrough } from 'node:stream';
import type { ServerNotification } from '#common/api';
import type { SentRequest } from '#common/api';
import { topicKey, type Topic } from './topics';
import type { LiveNotificationBus } from './bus';

const READY_FRAME = 'event: ready\ndata: {}\n\n';
const PING_FRAME = ': ping\n\n';
const notificationFrame = (notification: ServerNotification) =>
  `event: notification\ndata: ${JSON.stringify(notification)}\n\n`;
/** A change to a request the user sent: its status, its reply or its reminder. */
const requestFrame = (request: SentRequest) => `event: request\ndata: ${JSON.stringify(request)}\n\n`;

/** A client that reads slower than this is left behind: its stream is dropped, and it reconnects. */
const MAX_BUFFERED_BYTES = 64 * 1024;
/** A stream ends after this long at most: the client reconnects, and its session is checked again. */
export const MAX_STREAM_LIFETIME_MS = 3_600_000;

/**
 * Who a stream belongs to: the topic it follows (a user, or a request followed by its status token),
 * and the session that opened it (and when that session ends).
 */
export interface StreamOwner {
  topic: Topic;
  sessionId: string;
  sessionExpiresAt: Date;
}

export interface LiveStreamsOptions {
  heartbeatMs: number;
  streamsPerUser: number;
  /** How a change to a request is written on these streams; the sender's whole view by default. */
  requestFrame?: (request: SentRequest) => string;
}

/** The open server-sent-event streams of this instance, at most `streamsPerUser` per topic. */
export class LiveStreams {
  private readonly byTopic = new Map<string, PassThrough[]>();
  private readonly heartbeat: NodeJS.Timeout;

  constructor(
    private readonly bus: LiveNotificationBus,
    private readonly options: LiveStreamsOptions,
  ) {
    this.heartbeat = setInterval(() => this.pingAll(), options.heartbeatMs);
    this.heartbeat.unref();
  }

  /**
   * A new stream of the topic, starting with the ready event; the topic's oldest stream beyond the cap
   * ends. It ends too when its session ends, and after an hour at most.
   */
  open({ topic, sessionId, sessionExpiresAt }: StreamOwner, now: Date): PassThrough {
    const stream = new PassThrough();
    const unsubscribe = this.bus.subscribe(topic, (event) => {
      if (event.kind === 'resync') stream.end();
      else if (event.kind === 'request')
        write(stream, (this.options.requestFrame ?? requestFrame)(event.request));
      else if (event.kind === 'sessions-ended') {
        if (event.sessionIds.includes(sessionId)) stream.end();
      } else write(stream, notificationFrame(event.notification));
    });
    const lifetime = Math.min(MAX_STREAM_LIFETIME_MS, sessionExpiresAt.getTime() - now.getTime());
    const expiry = setTimeout(() => stream.end(), Math.max(0, lifetime));
    expiry.unref();
    const key = topicKey(topic);
    const streams = this.byTopic.get(key) ?? [];
    streams.push(stream);
    this.byTopic.set(key, streams);

    let removed = false;
    const remove = () => {
      if (removed) return;
      removed = true;
      clearTimeout(expiry);
      unsubscribe();
      const index = streams.indexOf(stream);
      if (index >= 0) streams.splice(index, 1);
      if (streams.length === 0 && this.byTopic.get(key) === streams) this.byTopic.delete(key);
    };
    stream.once('finish', remove);
    stream.once('close', remove);

    write(stream, READY_FRAME);
    while (streams.length > this.options.streamsPerUser) streams.shift()?.end();
    return stream;
  }

  /** Ends every stream (shutdown): clients see the end and reconnect elsewhere or later. */
  closeAll(): void {
    clearInterval(this.heartbeat);
    for (const streams of [...this.byTopic.values()]) for (const stream of [...streams]) stream.end();
  }

  private pingAll(): void {
    for (const streams of this.byTopic.values()) for (const stream of streams) write(stream, PING_FRAME);
  }
}

function write(stream: PassThrough, frame: string): void {
  if (stream.writableEnded || stream.destroyed) return;
  if (stream.writableLength + stream.readableLength > MAX_BUFFERED_BYTES) {
    stream.destroy();
    return;
  }
  stream.write(frame);
}
