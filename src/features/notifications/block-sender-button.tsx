/**
 * A receiver can stop a sender from contacting them again, from the sender's notification.
 * A block can be undone at once from the same item, in case of a slip of the finger.
 */
import { useLingui } from '@lingui/react';
import { useState } from 'react';
import { refuseWhenOffline } from '../../lib/offline-guard';
import { notifyError, notifySuccess } from '../../lib/toasts';
import { blockSender, unblockSender } from './api';

export function BlockSenderButton({ notificationId }: { notificationId: string }) {
  const { i18n } = useLingui();
  const [blocked, setBlocked] = useState(false);
  const [busy, setBusy] = useState(false);

  async function toggle() {
    if (refuseWhenOffline()) return;
    setBusy(true);
    try {
      await (blocked ? unblockSender : blockSender)(notificationId);
      notifySuccess(blocked ? i18n._('notifications.unblocked') : i18n._('notifications.blocked'));
      setBlocked(!blocked);
    } catch {
      notifyError(blocked ? i18n._('notifications.unblockFailed') : i18n._('notifications.blockFailed'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <button
      type="button"
      className="link-button bell-block-button"
      disabled={busy}
      aria-busy={busy}
      onClick={() => void toggle()}
    >
      {blocked ? i18n._('notifications.unblock') : i18n._('notifications.block')}
    </button>
  );
}
