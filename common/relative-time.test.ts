import { describe, expect, it } from 'vitest';
import { formatRelativeTime } from './relative-time';

const now = new Date('2026-11-21T12:00:00Z');
const ago = (ms: number) => new Date(now.getTime() - ms);
const MIN = 60_000;

describe('formatRelativeTime (SPEC §9)', () => {
  it("says 'just now' under one minute", () => {
    expect(formatRelativeTime(ago(59_999), now)).toBe('just now');
  });

  it('counts minutes from one minute to under an hour', () => {
    expect(formatRelativeTime(ago(MIN), now)).toBe('1m ago');
    expect(formatRelativeTime(ago(60 * MIN - 1), now)).toBe('59m ago');
  });

  it('counts hours from one hour to under a day', () => {
    expect(formatRelativeTime(ago(60 * MIN), now)).toBe('1h ago');
    expect(formatRelativeTime(ago(24 * 60 * MIN - 1), now)).toBe('23h ago');
  });

  it('counts days from one day to under seven', () => {
    expect(formatRelativeTime(ago(24 * 60 * MIN), now)).toBe('1d ago');
    expect(formatRelativeTime(ago(7 * 24 * 60 * MIN - 1), now)).toBe('6d ago');
  });

  it('shows a local date from seven days on', () => {
    const at = ago(7 * 24 * 60 * MIN);
    expect(formatRelativeTime(at, now)).toBe(at.toLocaleDateString());
  });
});
