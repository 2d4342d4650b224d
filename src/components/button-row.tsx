/** One button of a row: what it says and does, and what sets it apart from the others. */
export interface RowButton {
  label: string;
  onClick: () => void;
  className: string;
  /** The language of the label, where it is not the page's. */
  lang?: string;
  /** In a row of choices, whether this is the one chosen (aria-pressed); absent in a row of actions. */
  pressed?: boolean;
}

interface ButtonRowProps {
  className: string;
  buttons: readonly RowButton[];
  /** Names the row as a group, for a screen reader to announce before its buttons. */
  label?: string;
  /** All of them at once, while the one pressed is at work. */
  disabled?: boolean;
}

/**
 * Buttons side by side that act on one thing (a dialog's answers, a request's replies, the languages):
 * each a plain button (never a submit), all disabled together while one of them is at work.
 */
export function ButtonRow({ className, buttons, label, disabled = false }: ButtonRowProps) {
  return (
    <div className={className} role={label === undefined ? undefined : 'group'} aria-label={label}>
      {buttons.map((button) => (
        <button
          key={button.label}
          type="button"
          className={button.className}
          lang={button.lang}
          aria-pressed={button.pressed}
          disabled={disabled}
          onClick={button.onClick}
        >
          {button.label}
        </button>
      ))}
    </div>
  );
}
