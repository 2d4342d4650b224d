/** A text box for a note to an owner, with the suggested texts (SPEC's five) that fill it in one tap. */
import { useLingui } from '@lingui/react';
import { messageTemplates } from '#common/message-templates';
import { Field } from './field';
import './text-with-suggestions.css';

interface TextWithSuggestionsProps {
  label: string;
  name: string;
  rows: number;
  maxLength: number;
  /** The plate the suggestions name. */
  vehicleNumber: string;
  value: string;
  onChange: (text: string) => void;
}

export function TextWithSuggestions({
  label,
  name,
  rows,
  maxLength,
  vehicleNumber,
  value,
  onChange,
}: TextWithSuggestionsProps) {
  const { i18n } = useLingui();
  return (
    <>
      <Field label={label}>
        <textarea
          className="input"
          name={name}
          rows={rows}
          maxLength={maxLength}
          value={value}
          onChange={(event) => onChange(event.target.value)}
        />
      </Field>
      <div className="suggestions">
        <p className="field-label">{i18n._('contact.suggestions')}</p>
        <ul>
          {messageTemplates(i18n, vehicleNumber).map((template) => (
            <li key={template}>
              <button type="button" className="suggestion" onClick={() => onChange(template)}>
                {template}
              </button>
            </li>
          ))}
        </ul>
      </div>
    </>
  );
}
