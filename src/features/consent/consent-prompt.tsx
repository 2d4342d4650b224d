/**
 * An account without consent to the privacy notice (made before the notice, or by a client that did
 * not ask) is asked once in the app: "I agree" records it, "Not now" (or closing) is remembered on this
 * device and the prompt does not come back.
 */
import { useLingui } from '@lingui/react';
import { useState } from 'react';
import type { RuntimeConfig, User } from '#common/api';
import { ButtonRow } from '../../components/button-row';
import { Modal } from '../../components/modal';
import { PrivacyNotice } from '../../components/privacy-notice';
import { apiClient } from '../../lib/api-client';
import { notifyError } from '../../lib/toasts';
import { useServerData } from '../../lib/use-server-data';
import { setUser } from '../../state/user';

const DISMISSED_KEY = 'consentPromptDismissed';

/** What the privacy notice names: the grievance contact and the retention periods of this server. */
const fetchRuntimeConfig = () => apiClient<RuntimeConfig>('/api/config');

function dismissedBy(userId: string): boolean {
  try {
    return localStorage.getItem(`${DISMISSED_KEY}:${userId}`) !== null;
  } catch {
    return false;
  }
}

function rememberDismissed(userId: string): void {
  try {
    localStorage.setItem(`${DISMISSED_KEY}:${userId}`, '1');
  } catch {
    // Storage refused (private mode): the prompt may come again next time.
  }
}

export function ConsentPrompt({ user }: { user: User }) {
  const { i18n } = useLingui();
  const [open, setOpen] = useState(() => !dismissedBy(user._id));
  // Offline, the notice shows without the grievance contact and with the default periods.
  const { data: config } = useServerData(fetchRuntimeConfig);
  const [saving, setSaving] = useState(false);

  if (!open) return null;

  function dismiss() {
    rememberDismissed(user._id);
    setOpen(false);
  }

  async function agree() {
    setSaving(true);
    try {
      const { user: updated } = await apiClient<{ user: User }>('/api/users/consent', {
        method: 'POST',
        body: {},
      });
      setUser(updated);
      setOpen(false);
    } catch {
      notifyError(i18n._('consent.failed'));
      setSaving(false);
    }
  }

  return (
    <Modal title={i18n._('consent.title')} onClose={dismiss}>
      <p>{i18n._('consent.intro')}</p>
      <PrivacyNotice config={config} />
      <ButtonRow
        className="consent-actions"
        disabled={saving}
        buttons={[
          { label: i18n._('consent.notNow'), className: 'button', onClick: dismiss },
          { label: i18n._('consent.agree'), className: 'button button-primary', onClick: () => void agree() },
        ]}
      />
    </Modal>
  );
}
