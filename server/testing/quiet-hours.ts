import { istMinutes } from '#common/quiet-hours';
import type { TestApp } from './test-app';

const clockTime = (minutes: number) => {
  const wrapped = (minutes + 24 * 60) % (24 * 60);
  return `${String(Math.floor(wrapped / 60)).padStart(2, '0')}:${String(wrapped % 60).padStart(2, '0')}`;
};

/** Quiet hours from an hour before the test clock's time in India to `minutesAfter` after it. */
export function quietHoursNow(t: TestApp, minutesAfter = 60): { start: string; end: string } {
  const now = istMinutes(t.clock.now());
  return { start: clockTime(now - 60), end: clockTime(now + minutesAfter) };
}
