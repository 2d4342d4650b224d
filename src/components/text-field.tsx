import type { InputHTMLAttributes } from 'react';
import { Field } from './field';

type TextFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange' | 'id'> & {
  label: string;
  /** Shown under the box and read with it. */
  hint?: string;
  /** What is wrong with the value, in place of the hint; marks the box invalid. */
  error?: string;
  value: string;
  /** The box's new text, on every change. */
  onValueChange: (value: string) => void;
};

/**
 * A labelled box for one line of text (a name, an e-mail, a time, a link) whose value the form holds:
 * a Field around the app's text box (`.input`: full width, 44 px high). What is not the label, hint,
 * error or change goes to the input as it is.
 */
export function TextField({
  label,
  hint,
  error,
  onValueChange,
  className = 'input',
  ...input
}: TextFieldProps) {
  return (
    <Field label={label} hint={hint} error={error}>
      <input className={className} {...input} onChange={(event) => onValueChange(event.target.value)} />
    </Field>
  );
}
