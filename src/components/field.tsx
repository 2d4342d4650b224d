import { cloneElement, useId, type ReactElement } from 'react';

interface FieldProps {
  label: string;
  /** Shown under the control and read with it. */
  hint?: string;
  /** One input, select or textarea: it receives the id and aria-describedby. */
  children: ReactElement<{ id?: string; 'aria-describedby'?: string }>;
  className?: string;
}

/** A labelled form control: the label names the control, the hint describes it. */
export function Field({ label, hint, children, className }: FieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  return (
    <div className={className ? `field ${className}` : 'field'}>
      <label className="field-label" htmlFor={id}>
        {label}
      </label>
      {cloneElement(children, { id, 'aria-describedby': hint ? hintId : undefined })}
      {hint && (
        <p className="field-hint" id={hintId}>
          {hint}
        </p>
      )}
    </div>
  );
}
