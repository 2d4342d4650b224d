import { ButtonRow } from './button-row';

/** One choice of a row: the value it stands for, and how its button reads. */
export interface Choice<Value extends string> {
  value: Value;
  label: string;
  className: string;
  /** The language of the label, where it is not the page's (a language named in its own script). */
  lang?: string;
}

interface ChoiceRowProps<Value extends string> {
  /** Names the group. */
  label: string;
  value: Value;
  /** Called with another choice than the one made; pressing the chosen one again does nothing. */
  onChange: (value: Value) => void;
  choices: readonly Choice<Value>[];
  className: string;
  disabled?: boolean;
}

/** A named group of buttons of which one is chosen (pressed): English | മലയാളം. */
export function ChoiceRow<Value extends string>({
  label,
  value,
  onChange,
  choices,
  className,
  disabled,
}: ChoiceRowProps<Value>) {
  const buttons = choices.map((choice) => ({
    ...choice,
    pressed: choice.value === value,
    onClick: () => {
      if (choice.value !== value) onChange(choice.value);
    },
  }));
  return <ButtonRow className={className} label={label} disabled={disabled} buttons={buttons} />;
}
