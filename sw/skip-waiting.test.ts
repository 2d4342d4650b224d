import { describe, expect, it } from 'vitest';
import { isSkipWaitingMessage } from './skip-waiting';

describe('isSkipWaitingMessage', () => {
  it("recognises workbox-window's SKIP_WAITING message", () => {
    expect(isSkipWaitingMessage({ type: 'SKIP_WAITING' })).toBe(true);
  });

  it('ignores any other message', () => {
    expect(isSkipWaitingMessage({ type: 'push' })).toBe(false);
    expect(isSkipWaitingMessage('SKIP_WAITING')).toBe(false);
    expect(isSkipWaitingMessage(null)).toBe(false);
  });
});
