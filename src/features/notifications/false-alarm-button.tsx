/**
 * A receiver marks a request a false alarm (once): a strike against its sender. It asks first, and
 * the report waits a minute before it goes, so a slip of the finger can be undone; closing the bell
 * sends it at once.
 */
import { useLingui } from '@lingui/react';
import { useEffect, useRef, useState } from 'react';
import { statusOf } from '../../lib/api-client';
import { refuseWhenOffline } from '../../lib/offline-guard';
import { notifyError, notifySuccess } from '../../lib/toasts';
import { reportFalseAlarm } from './api';

/** How long a false alarm can be undone before it is reported. */
export const FALSE_ALARM_UNDO_MS = 60_000;

type Step = 'idle' | 'confirming' | 'undoable' | 'sending' | 'reported';

export function FalseAlarmButton({ notificationId }: { notificationId: string }) {
  const { i18n } = useLingui();
  const [step, setStep] = useState<Step>('idle');
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const sendNow = useRef<() => void>(() => undefined);

  async function report() {
    timer.current = null;
    setStep('sending');
    try {
      await reportFalseAlarm(notificationId);
      notifySuccess(i18n._('notifications.falseAlarmReported'));
      setStep('reported');
    } catch (error) {
      // 409: marked already, from another device.
      if (statusOf(error) === 409) setStep('reported');
      else {
        notifyError(i18n._('notifications.falseAlarmFailed'));
        setStep('idle');
      }
    }
  }
  sendNow.current = () => void report();

  // Unmounted with a report waiting (the bell closed): it goes now rather than never.
  useEffect(
    () => () => {
      if (timer.current === null) return;
      clearTimeout(timer.current);
      sendNow.current();
    },
    [],
  );

  function confirm() {
    if (refuseWhenOffline()) return;
    setStep('undoable');
    timer.current = setTimeout(() => sendNow.current(), FALSE_ALARM_UNDO_MS);
  }

  function undo() {
    if (timer.current !== null) clearTimeout(timer.current);
    timer.current = null;
    setStep('idle');
  }

  if (step === 'confirming') {
    return (
      <div className="false-alarm-confirm" role="group" aria-label={i18n._('notifications.falseAlarm')}>
        <p>{i18n._('notifications.falseAlarmAsk')}</p>
        <button type="button" className="link-button" onClick={confirm}>
          {i18n._('notifications.falseAlarmConfirm')}
        </button>
        <button type="button" className="link-button" onClick={() => setStep('idle')}>
          {i18n._('notifications.falseAlarmCancel')}
        </button>
      </div>
    );
  }
  if (step === 'undoable') {
    return (
      <p className="false-alarm-confirm" role="status">
        {i18n._('notifications.falseAlarmUndoable')}{' '}
        <button type="button" className="link-button" onClick={undo}>
          {i18n._('notifications.falseAlarmUndo')}
        </button>
      </p>
    );
  }
  const busy = step === 'sending';
  return (
    <button
      type="button"
      className="link-button"
      disabled={busy || step === 'reported'}
      aria-busy={busy}
      onClick={() => setStep('confirming')}
    >
      {step === 'reported' ? i18n._('notifications.falseAlarmDone') : i18n._('notifications.falseAlarm')}
    </button>
  );
}
