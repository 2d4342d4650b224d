import { describe, expect, it } from 'vitest';
import { within } from './within';

describe('within', () => {
  it('gives the answer that comes in time', async () => {
    await expect(within(Promise.resolve('pong'), 1000)).resolves.toBe('pong');
  });

  it('passes on the failure that comes in time', async () => {
    await expect(within(Promise.reject(new Error('refused')), 1000)).rejects.toThrow('refused');
  });

  it('fails once the time is up with no answer', async () => {
    await expect(within(new Promise(() => undefined), 20)).rejects.toThrow('no answer within 20 ms');
  });
});
