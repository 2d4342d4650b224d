import { useLingui } from '@lingui/react';
import { LANGUAGES, type Language } from '#common/languages';
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
  return (
    <div className="language-switch" role="group" aria-label={i18n._('language.label')}>
      {LANGUAGES.map((language) => (
        <button
          key={language}
          type="button"
          lang={language}
          className="language-option"
          aria-pressed={value === language}
          disabled={disabled}
          onClick={() => value !== language && onChange(language)}
        >
          {names[language]}
        </button>
      ))}
    </div>
  );
}
