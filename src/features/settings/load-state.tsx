/** A settings card's line while its data loads from the server, or why it did not, with Try again. */
import { useLingui } from '@lingui/react';

interface LoadStateProps {
  failed: boolean;
  loadingText: string;
  failedText: string;
  onRetry: () => void;
}

export function LoadState({ failed, loadingText, failedText, onRetry }: LoadStateProps) {
  const { i18n } = useLingui();
  if (!failed) return <p className="muted">{loadingText}</p>;
  return (
    <p className="muted">
      {failedText}{' '}
      <button type="button" className="link-button" onClick={onRetry}>
        {i18n._('settings.loadAgain')}
      </button>
    </p>
  );
}
