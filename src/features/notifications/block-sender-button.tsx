/**
 * Issue 6: a receiver can stop a sender from contacting them again, from the sender's notification.
 * A block can be undone at once from the same item, in case of a slip of the finger.
 */
import { useState } from 'react';
import { refuseWhenOffline } from '../../lib/offline-guard';
import { notifyError, notifySuccess } from '../../lib/toasts';
import { blockSender, unblockSender } from './api';

export const BLOCK_TEXTS = {
  block: 'Block sender',
  unblock: 'Unblock sender',
  blocked: 'Sender blocked. They can no longer contact you.',
  unblocked: 'Sender unblocked.',
  blockFailed: 'Could not block the sender. Please try again.',
  unblockFailed: 'Could not unblock the sender. Please try again.',
} as const;

export function BlockSenderButton({ notificationId }: { notificationId: string }) {
  const [blocked, setBlocked] = useState(false);
  const [busy, setBusy] = useState(false);

  async function toggle() {
    if (refuseWhenOffline()) return;
    setBusy(true);
    try {
      await (blocked ? unblockSender : blockSender)(notificationId);
      notifySuccess(blocked ? BLOCK_TEXTS.unblocked : BLOCK_TEXTS.blocked);
      setBlocked(!blocked);
    } catch {
      notifyError(blocked ? BLOCK_TEXTS.unblockFailed : BLOCK_TEXTS.blockFailed);
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
      {blocked ? BLOCK_TEXTS.unblock : BLOCK_TEXTS.block}
    </button>
  );
}
