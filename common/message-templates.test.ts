import { describe, expect, it } from 'vitest';
import { messageTemplates, randomTemplate } from './message-templates';

describe('message templates (SPEC §9)', () => {
  it('offers five texts, each naming the vehicle in upper case', () => {
    const texts = messageTemplates('kl07ab1234');
    expect(texts).toHaveLength(5);
    expect(texts.every((text) => text.includes('KL07AB1234'))).toBe(true);
  });

  it('covers driveway, obstruction, kindly move, immediate attention and relocate', () => {
    const joined = messageTemplates('kl07ab1234').join(' ').toLowerCase();
    for (const topic of [
      'blocking the driveway',
      'obstruction',
      'kindly move',
      'immediate attention',
      'relocate',
    ]) {
      expect(joined).toContain(topic);
    }
  });

  it('picks the template the random source points at', () => {
    const texts = messageTemplates('kl07ab1234');
    expect(randomTemplate('kl07ab1234', () => 0)).toBe(texts[0]);
    expect(randomTemplate('kl07ab1234', () => 0.99)).toBe(texts[4]);
  });
});
