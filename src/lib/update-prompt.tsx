/** The offer of a new build (see ./service-worker): loaded with workbox-window, after the first render. */
import { useLingui } from '@lingui/react';
import './update-prompt.css';

export function UpdatePromptView({ accepted, onAccept }: { accepted: boolean; onAccept: () => void }) {
  const { i18n } = useLingui();
  return (
    <div className="update-prompt" role="status">
      <span>{i18n._('app.updateAvailable')}</span>
      <button type="button" className="button button-primary" disabled={accepted} onClick={onAccept}>
        {i18n._('app.reload')}
      </button>
    </div>
  );
}
