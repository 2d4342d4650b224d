import type { Language } from './languages';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** Malayalam's own forms from Intl ("2 മിനിറ്റ് മുമ്പ്"); English keeps SPEC's short forms. */
function malayalam(elapsed: number, at: Date): string {
  const format = new Intl.RelativeTimeFormat('ml', { numeric: 'auto' });
  if (elapsed < MINUTE) return format.format(0, 'second');
  if (elapsed < HOUR) return format.format(-Math.floor(elapsed / MINUTE), 'minute');
  if (elapsed < DAY) return format.format(-Math.floor(elapsed / HOUR), 'hour');
  if (elapsed < 7 * DAY) return format.format(-Math.floor(elapsed / DAY), 'day');
  return at.toLocaleDateString('ml-IN');
}

/** SPEC §9: 'just now', 'Nm ago', 'Nh ago', 'Nd ago' under 7 days, then a local date. */
export function formatRelativeTime(at: Date, now: Date = new Date(), language: Language = 'en'): string {
  const elapsed = Math.max(0, now.getTime() - at.getTime());
  if (language === 'ml') return malayalam(elapsed, at);
  if (elapsed < MINUTE) return 'just now';
  if (elapsed < HOUR) return `${Math.floor(elapsed / MINUTE)}m ago`;
  if (elapsed < DAY) return `${Math.floor(elapsed / HOUR)}h ago`;
  if (elapsed < 7 * DAY) return `${Math.floor(elapsed / DAY)}d ago`;
  return at.toLocaleDateString();
}
