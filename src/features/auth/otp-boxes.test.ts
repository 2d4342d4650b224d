import { describe, expect, it } from 'vitest';
import { emptyOtp, enterDigits } from './otp-boxes';

describe('enterDigits', () => {
  it('a digit fills its box and moves on to the next', () => {
    expect(enterDigits(emptyOtp(), 2, '7')).toEqual({ boxes: ['', '', '7', '', '', ''], focus: 3 });
  });

  it('anything but digits is ignored', () => {
    expect(enterDigits(emptyOtp(), 0, 'a')).toEqual({ boxes: emptyOtp(), focus: null });
  });

  it('a whole code fills every box from the first, whichever box received it', () => {
    expect(enterDigits(emptyOtp(), 3, '123456')).toEqual({ boxes: ['1', '2', '3', '4', '5', '6'], focus: 5 });
  });

  it('a partial code fills from the box that received it', () => {
    expect(enterDigits(emptyOtp(), 1, '12')).toEqual({ boxes: ['', '1', '2', '', '', ''], focus: 3 });
  });

  it('the last box keeps the focus', () => {
    expect(enterDigits(emptyOtp(), 5, '9').focus).toBe(5);
  });
});
