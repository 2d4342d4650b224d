import { useLingui } from '@lingui/react';
import { LANGUAGES, type Language } from '#common/languages';
import { ChoiceRow } from '../components/choice-row';
import './language-switch.css';

/** English | മലയാളം: each language named in its own script, so a reader of either finds theirs. */
export function LanguageSwitch({
  value,
  onChange,
  disabled = false,
}: {
  value: Language;
  onChange: (language: Language) => void;
  disabled?: boolean;
}) {
  const { i18n } = useLingui();
  const names: Record<Language, string> = {
    en: i18n._('language.english'),
    ml: i18n._('language.malayalam'),
  };
  const choices = LANGUAGES.map((language) => ({
    value: language,
    label: names[language],
    className: 'language-option',
    lang: language,
  }));
  return (
    <ChoiceRow
      label={i18n._('language.label')}
      value={value}
      onChange={onChange}
      choices={choices}
      className="language-switch"
      disabled={disabled}
    />
  );
}
