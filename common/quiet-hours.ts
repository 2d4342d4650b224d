/**
 * An owner's quiet hours: a daily window in India Standard Time (UTC+05:30, no daylight saving),
 * which may run past midnight (22:00 to 07:00). During it masked calls are refused and pushes are silent.
 */
export interface QuietHours {
  start: string;
  end: string;
}

/** A 24-hour clock time, `HH:MM`. */
export const CLOCK_TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

const IST_OFFSET_MINUTES = 5 * 60 + 30;
const DAY_MINUTES = 24 * 60;

const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

/** Minutes past midnight in India at `now`. */
export function istMinutes(now: Date): number {
  return (now.getUTCHours() * 60 + now.getUTCMinutes() + IST_OFFSET_MINUTES) % DAY_MINUTES;
}

export function inQuietHours(quietHours: QuietHours | null, now: Date): boolean {
  if (!quietHours) return false;
  const start = minutesOf(quietHours.start);
  const end = minutesOf(quietHours.end);
  const current = istMinutes(now);
  return start < end ? current >= start && current < end : current >= start || current < end;
}
