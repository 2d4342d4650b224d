import { describe, expect, it } from 'vitest';
import { SLIP_CODE_ALPHABET, formatSlipCode, normaliseSlipCode } from './slip-code';

describe('slip codes', () => {
  it('have 32 characters of 5 bits and none that read as another', () => {
    expect(new Set(SLIP_CODE_ALPHABET).size).toBe(32);
    for (const lookAlike of ['I', 'L', 'O', 'U']) expect(SLIP_CODE_ALPHABET).not.toContain(lookAlike);
  });

  it('are written in two groups of five', () => {
    expect(formatSlipCode('7KQ3MXD9PA')).toBe('7KQ3M-XD9PA');
  });

  it('are read back as typed: any case, spaces and hyphens, O for zero and I or L for one', () => {
    expect(normaliseSlipCode('7kq3m-xd9pa')).toBe('7KQ3MXD9PA');
    expect(normaliseSlipCode(' 7KQ3M XD9PA ')).toBe('7KQ3MXD9PA');
    expect(normaliseSlipCode('O1L2I-34567')).toBe('0112134567');
  });

  it('refuse what cannot be a code', () => {
    expect(normaliseSlipCode('7KQ3M')).toBeNull();
    expect(normaliseSlipCode('7KQ3M-XD9PU')).toBeNull();
    expect(normaliseSlipCode('7KQ3M-XD9PA1')).toBeNull();
  });
});
