import { describe, expect, it } from 'vitest';
import { textsByLanguage } from './i18n/texts-by-language';
import { messageTemplates, randomTemplate, templateKeyOf, templateText } from './message-templates';

const textsFor = textsByLanguage({ en: {}, ml: {} });
const english = textsFor('en');
const malayalam = textsFor('ml');

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

describe('templateKeyOf', () => {
  const both = [english, malayalam];

  it('finds the template a text is for that vehicle, in either language', () => {
    expect(templateKeyOf(both, templateText(english, 'relocate', 'kl07ab1234'), 'kl07ab1234')).toBe(
      'relocate',
    );
    expect(templateKeyOf(both, templateText(malayalam, 'blocking', 'kl07ab1234'), 'kl07ab1234')).toBe(
      'blocking',
    );
  });

  it('ignores the spaces around the text', () => {
    const text = ` ${templateText(english, 'moveSoon', 'kl07ab1234')}\n`;
    expect(templateKeyOf(both, text, 'kl07ab1234')).toBe('moveSoon');
  });

  it('finds a template whose vehicle number is written in lower case, spaced or hyphenated', () => {
    const typed = (plate: string) =>
      templateText(english, 'blocking', 'kl07ab1234').replace('KL07AB1234', plate);
    expect(templateKeyOf(both, typed('kl07ab1234'), 'kl07ab1234')).toBe('blocking');
    expect(templateKeyOf(both, typed('Kl 07-ab 1234'), 'kl07ab1234')).toBe('blocking');
    const malayalamTyped = templateText(malayalam, 'relocate', 'kl07ab1234').replace(
      'KL07AB1234',
      'kl07ab1234',
    );
    expect(templateKeyOf(both, malayalamTyped, 'kl07ab1234')).toBe('relocate');
  });

  it('takes a template for another vehicle, or a changed one, as free text', () => {
    expect(templateKeyOf(both, templateText(english, 'blocking', 'kl07ab1234'), 'kl01cd5678')).toBeNull();
    expect(
      templateKeyOf(both, `${templateText(english, 'blocking', 'kl07ab1234')} Thanks`, 'kl07ab1234'),
    ).toBeNull();
  });

  it('recognises only the languages it is given', () => {
    expect(
      templateKeyOf([english], templateText(malayalam, 'attention', 'kl07ab1234'), 'kl07ab1234'),
    ).toBeNull();
  });
});
