import type { ServerResponse } from 'node:http';
import type { FastifyRequest, RouteHandlerMethod } from 'fastify';

interface Work {
  responseClosed: boolean;
  replied: boolean;
  handlersRunning: number;
}

/**
 * Requests still at work. A request is done once its response is over (sent, or its client gone) AND
 * it has replied AND its handler has returned: a handler whose client left keeps running, and the
 * database must outlive it.
 */
export class RequestsInFlight {
  private readonly work = new WeakMap<FastifyRequest, Work>();
  private readonly pending = new Set<FastifyRequest>();
  private readonly waiters = new Set<() => void>();

  track(request: FastifyRequest, response: ServerResponse): void {
    const work: Work = { responseClosed: false, replied: false, handlersRunning: 0 };
    this.work.set(request, work);
    this.pending.add(request);
    response.once('close', () => {
      work.responseClosed = true;
      this.check(request);
    });
  }

  replied(request: FastifyRequest): void {
    const work = this.work.get(request);
    if (!work) return;
    work.replied = true;
    this.check(request);
  }

  wrapHandler(handler: RouteHandlerMethod): RouteHandlerMethod {
    const { enter, leave } = this;
    return async function trackedHandler(this: ThisParameterType<RouteHandlerMethod>, request, reply) {
      enter(request);
      try {
        return await handler.call(this, request, reply);
      } finally {
        leave(request);
      }
    };
  }

  private readonly enter = (request: FastifyRequest) => {
    const work = this.work.get(request);
    if (work) work.handlersRunning++;
  };

  private readonly leave = (request: FastifyRequest) => {
    const work = this.work.get(request);
    if (work) work.handlersRunning--;
    this.check(request);
  };

  /** Resolves with 0 once nothing is in flight, or with how many still are when `timeoutMs` runs out. */
  settled(timeoutMs: number): Promise<number> {
    if (this.pending.size === 0) return Promise.resolve(0);
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.waiters.delete(done);
        resolve(this.pending.size);
      };
      const timer = setTimeout(done, timeoutMs);
      this.waiters.add(done);
    });
  }

  private check(request: FastifyRequest): void {
    const work = this.work.get(request);
    if (!work || !work.responseClosed || !work.replied || work.handlersRunning > 0) return;
    this.pending.delete(request);
    if (this.pending.size === 0) for (const waiter of [...this.waiters]) waiter();
  }
}
