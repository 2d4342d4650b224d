import type { FastifyBaseLogger, FastifyInstance } from 'fastify';

/** A piece of work that each instance runs on a timer, one run at a time. */
export interface PeriodicJob {
  /**
   * Runs now, after any run under way (which may have read the clock earlier), and resolves when this
   * run is over; tests call it instead of waiting for the timer.
   */
  runNow(): Promise<void>;
  /** Stops the timer and waits for a run under way. */
  close(): Promise<void>;
}

export interface PeriodicJobOptions {
  /** Names the job in the log line of a failed run ("the retention sweep failed"). */
  name: string;
  /** The time between two runs; null: no timer, the job runs only on demand. */
  everyMs: number | null;
  run: () => Promise<unknown>;
  log: FastifyBaseLogger;
}

/**
 * Starts a job that never overlaps itself (a tick while a run is under way is skipped), whose timer
 * keeps no process alive, and whose failures are logged, not thrown.
 */
export function startPeriodicJob({ name, everyMs, run, log }: PeriodicJobOptions): PeriodicJob {
  let running: Promise<void> | null = null;
  async function runLogged(): Promise<void> {
    try {
      await run();
    } catch (error) {
      log.error({ err: error }, `${name} failed`);
    }
  }
  const start = () => (running ??= runLogged().finally(() => (running = null)));
  let timer: NodeJS.Timeout | null = everyMs === null ? null : setInterval(() => void start(), everyMs);
  timer?.unref();
  return {
    async runNow() {
      while (running) await running;
      await start();
    },
    async close() {
      if (timer) clearInterval(timer);
      timer = null;
      await running;
    },
  };
}

/** Starts a job for the life of `app`: closing the server stops its timer and waits for its run. */
export function periodicJobOf(app: FastifyInstance, options: Omit<PeriodicJobOptions, 'log'>): PeriodicJob {
  const job = startPeriodicJob({ ...options, log: app.log });
  app.addHook('onClose', () => job.close());
  return job;
}
