import type { FastifyBaseLogger } from 'fastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { startPeriodicJob } from './periodic-job';

function recordingLog(): { log: FastifyBaseLogger; errors: unknown[][] } {
  const errors: unknown[][] = [];
  const log = { error: (...args: unknown[]) => errors.push(args) } as unknown as FastifyBaseLogger;
  return { log, errors };
}

/** A run that stays under way until `finish` is called, counting how many runs started. */
function heldRuns() {
  let finish = () => undefined as void;
  const runs = { started: 0 };
  const run = () => {
    runs.started += 1;
    return new Promise<void>((resolve) => (finish = resolve));
  };
  return { run, runs, finish: () => finish() };
}

describe('startPeriodicJob', () => {
  afterEach(() => vi.useRealTimers());

  it('runs on its timer, and skips a tick while a run is under way', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const { run, runs, finish } = heldRuns();
    const job = startPeriodicJob({ name: 'a job', everyMs: 1000, run, log: recordingLog().log });
    vi.advanceTimersByTime(1000);
    expect(runs.started).toBe(1);
    vi.advanceTimersByTime(3000);
    expect(runs.started).toBe(1);
    finish();
    await job.close();
  });

  it('keeps no process alive: its timer is unref', () => {
    const unref = vi.fn();
    const interval = vi
      .spyOn(globalThis, 'setInterval')
      .mockReturnValue({ unref } as unknown as NodeJS.Timeout);
    const job = startPeriodicJob({
      name: 'a job',
      everyMs: 1000,
      run: async () => undefined,
      log: recordingLog().log,
    });
    expect(unref).toHaveBeenCalledOnce();
    interval.mockRestore();
    void job.close();
  });

  it('waits on close for the run under way, and runs no more after', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const { run, runs, finish } = heldRuns();
    const job = startPeriodicJob({ name: 'a job', everyMs: 1000, run, log: recordingLog().log });
    vi.advanceTimersByTime(1000);
    let closed = false;
    const closing = job.close().then(() => (closed = true));
    await Promise.resolve();
    expect(closed).toBe(false);
    finish();
    await closing;
    expect(closed).toBe(true);
    vi.advanceTimersByTime(5000);
    expect(runs.started).toBe(1);
  });

  it('logs a failed run under its name and keeps running', async () => {
    const { log, errors } = recordingLog();
    let calls = 0;
    const job = startPeriodicJob({
      name: 'the test sweep',
      everyMs: null,
      run: async () => {
        calls += 1;
        if (calls === 1) throw new Error('database down');
      },
      log,
    });
    await job.runNow();
    await job.runNow();
    expect(calls).toBe(2);
    expect(errors).toHaveLength(1);
    expect(errors[0]?.[1]).toBe('the test sweep failed');
    await job.close();
  });

  it('runs on demand after the run under way, so the demanded run reads the clock after it', async () => {
    const { run, runs, finish } = heldRuns();
    const job = startPeriodicJob({ name: 'a job', everyMs: null, run, log: recordingLog().log });
    const first = job.runNow();
    const second = job.runNow();
    expect(runs.started).toBe(1);
    finish();
    await first;
    await vi.waitFor(() => expect(runs.started).toBe(2));
    finish();
    await second;
    await job.close();
  });
});
