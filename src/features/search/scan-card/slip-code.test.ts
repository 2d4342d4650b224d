import { describe, expect, it } from 'vitest';
import { slipCodeOf } from './slip-code';

describe("a wiper slip's code read from its QR code or typed", () => {
  it('is the code of a /s/ address, with or without a trailing slash', () => {
    expect(slipCodeOf('https://vahan.example/s/7KQ3MXD9PA')).toBe('7KQ3MXD9PA');
    expect(slipCodeOf(' http://localhost:8080/s/7KQ3MXD9PA/ ')).toBe('7KQ3MXD9PA');
  });

  it('is the code typed as printed, in any case, with spaces or a hyphen', () => {
    expect(slipCodeOf('7KQ3M-XD9PA')).toBe('7KQ3MXD9PA');
    expect(slipCodeOf('7kq3m xd9pa')).toBe('7KQ3MXD9PA');
  });

  it('is nothing for a card link, a vehicle number, other text or other schemes', () => {
    for (const text of [
      'https://vahan.example/c/k3m9v8q2x7p4w6zt5n',
      'https://vahan.example/s/short',
      'KL07AB1234',
      'kl 07 ab 1234',
      'ABC',
      'ftp://vahan.example/s/7KQ3MXD9PA',
    ]) {
      expect(slipCodeOf(text), text).toBeNull();
    }
  });
});
