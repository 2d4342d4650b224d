/** The layout shifts a page makes, as the tests that promise none count them. */
import type { Page } from 'playwright-core';

interface ShiftLog {
  shifts: number[];
}

/** An init script (runs before the page's own): records each layout shift not caused by input. */
export function recordLayoutShifts(): void {
  const log = window as unknown as ShiftLog;
  log.shifts = [];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as (PerformanceEntry & {
      value: number;
      hadRecentInput: boolean;
    })[]) {
      if (!entry.hadRecentInput) log.shifts.push(entry.value);
    }
  }).observe({ type: 'layout-shift', buffered: true });
}

/** The shifts recordLayoutShifts has seen on `page` so far. */
export const shiftsOf = (page: Page): Promise<number[]> =>
  page.evaluate(() => (window as unknown as ShiftLog).shifts);
