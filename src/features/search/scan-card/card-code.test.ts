import { describe, expect, it } from 'vitest';
import { cardCodeOf } from './card-code';

describe("a card's code read from its QR code or a pasted link", () => {
  it('is the last part of a /c/ address, with or without a trailing slash or spaces', () => {
    expect(cardCodeOf('https://vahan.example/c/k3m9v8q2x7p4w6zt5n')).toBe('k3m9v8q2x7p4w6zt5n');
    expect(cardCodeOf('  http://localhost:8080/c/Ab_9-x/ ')).toBe('Ab_9-x');
  });

  it('is nothing for other text, other paths or other schemes', () => {
    for (const text of [
      'KL07AB1234',
      'https://vahan.example/dashboard',
      'https://vahan.example/c/',
      'https://vahan.example/c/a/b',
      'javascript:alert(1)//c/abc',
      'ftp://vahan.example/c/abc',
    ]) {
      expect(cardCodeOf(text), text).toBeNull();
    }
  });
});
