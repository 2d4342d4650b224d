import type { ButtonHTMLAttributes } from 'react';

type ButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & {
  /** The page's main action, or one that deletes; any other button has neither. */
  variant?: 'primary' | 'danger';
  /** As wide as what holds it. */
  block?: boolean;
  /** At work: disabled, and said to be busy (aria-busy) until it is done. */
  busy?: boolean;
};

/**
 * The app's button (`.button`: 44 px high), a plain button unless it says it submits. Its look is
 * named by variant and block rather than by classes at each use.
 */
export function Button({
  variant,
  block = false,
  busy,
  type = 'button',
  className,
  disabled,
  ...rest
}: ButtonProps) {
  const classes = ['button', variant && `button-${variant}`, block && 'button-block', className];
  return (
    <button
      type={type}
      className={classes.filter(Boolean).join(' ')}
      disabled={busy || disabled}
      aria-busy={busy}
      {...rest}
    />
  );
}
