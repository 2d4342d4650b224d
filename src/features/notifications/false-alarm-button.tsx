/** A receiver marks a request a false alarm (once): a strike against its sender. */
import { useLingui } from '@lingui/react';
import { useState } from 'react';
import { statusOf } from '../../lib/api-client';
import { refuseWhenOffline } from '../../lib/offline-guard';
import { notifyError, notifySuccess } from '../../lib/toasts';
import { reportFalseAlarm } from './api';

export function FalseAlarmButton({ notificationId }: { notificationId: string }) {
  const { i18n } = useLingui();
  const [reported, setReported] = useState(false);
  const [busy, setBusy] = useState(false);

  async function report() {
    if (refuseWhenOffline()) return;
    setBusy(true);
    try {
      await reportFalseAlarm(notificationId);
      notifySuccess(i18n._('notifications.falseAlarmReported'));
      setReported(true);
    } catch (error) {
      // 409: marked already, from another device.
      if (statusOf(error) === 409) setReported(true);
      else notifyError(i18n._('notifications.falseAlarmFailed'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <button
      type="button"
      className="link-button"
      disabled={busy || reported}
      aria-busy={busy}
      onClick={() => void report()}
    >
      {reported ? i18n._('notifications.falseAlarmDone') : i18n._('notifications.falseAlarm')}
    </button>
  );
}
