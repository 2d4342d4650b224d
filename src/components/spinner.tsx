import { useLingui } from '@lingui/react';

interface SpinnerProps {
  /** What is loading, for screen readers. */
  label?: string;
}

export function Spinner({ label }: SpinnerProps) {
  const { i18n } = useLingui();
  return (
    <div className="spinner" role="status" aria-label={label ?? i18n._('app.loading')}>
      <span className="spinner-ring" aria-hidden="true" />
    </div>
  );
}
