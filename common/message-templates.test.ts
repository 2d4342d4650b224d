import { describe, expect, it } from 'vitest';
import { textsByLanguage } from './i18n/texts-by-language';
import { messageTemplates, randomTemplate } from './message-templates';

const english = textsByLanguage({ en: {}, ml: {} })('en');

describe('message templates (SPEC §9)', () => {
  it('offers five texts, each naming the vehicle in upper case', () => {
    const texts = messageTemplates(english, 'kl07ab1234');
    expect(texts).toHaveLength(5);
    expect(texts.every((text) => text.includes('KL07AB1234'))).toBe(true);
  });

  it('covers driveway, obstruction, kindly move, immediate attention and relocate', () => {
    const joined = messageTemplates(english, 'kl07ab1234').join(' ').toLowerCase();
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
    const texts = messageTemplates(english, 'kl07ab1234');
    expect(randomTemplate(english, 'kl07ab1234', () => 0)).toBe(texts[0]);
    expect(randomTemplate(english, 'kl07ab1234', () => 0.99)).toBe(texts[4]);
  });
});
