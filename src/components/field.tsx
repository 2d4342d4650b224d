import { cloneElement, useId, type ReactElement } from 'react';

interface FieldProps {
  label: string;
  /** Shown under the control and read with it. */
  hint?: string;
  /** What is wrong with the value, shown under the control in place of the hint; marks the control invalid. */
  error?: string;
  /** One input, select or textarea: it receives the id, aria-describedby and aria-invalid. */
  children: ReactElement<{ id?: string; 'aria-describedby'?: string; 'aria-invalid'?: boolean }>;
  className?: string;
}

/** A labelled form control: the label names the control, the hint (or what is wrong) describes it. */
export function Field({ label, hint, error, children, className }: FieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const description = error ?? hint;
  return (
    <div className={className ? `field ${className}` : 'field'}>
      <label className="field-label" htmlFor={id}>
        {label}
      </label>
      {cloneElement(children, {
        id,
        'aria-describedby': description ? hintId : undefined,
        ...(error ? { 'aria-invalid': true } : {}),
      })}
      {description && (
        <p className={error ? 'field-hint field-error' : 'field-hint'} id={hintId}>
          {description}
        </p>
      )}
    </div>
  );
}
