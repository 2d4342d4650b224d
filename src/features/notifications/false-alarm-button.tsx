/**
 * A receiver marks a request a false alarm (once): a strike against its sender. It asks first; the
 * report goes at once and the server holds it for the seconds it answers, during which "Undo"
 * withdraws it there, so a slip of the finger costs nobody a strike even if the app closes.
 */
import { useLingui } from '@lingui/react';
import { useEffect, useRef, useState } from 'react';
import { serverMessageOf, statusOf } from '../../lib/api-client';
import { refuseWhenOffline } from '../../lib/offline-guard';
import { notifyError, notifySuccess } from '../../lib/toasts';
import { reportFalseAlarm, undoFalseAlarm } from './api';

type Step = 'idle' | 'confirming' | 'sending' | 'undoable' | 'undoing' | 'reported';

/** `marked`: the server already holds the receiver's report (it said so with the request). */
export function FalseAlarmButton({
  notificationId,
  marked = false,
}: {
  notificationId: string;
  marked?: boolean;
}) {
  const { i18n } = useLingui();
  const [step, setStep] = useState<Step>(marked ? 'reported' : 'idle');
  const [undoSeconds, setUndoSeconds] = useState(0);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  const stopTimer = () => {
    if (timer.current !== null) clearTimeout(timer.current);
    timer.current = null;
  };
  useEffect(() => stopTimer, []);

  async function report() {
    if (refuseWhenOffline()) return;
    setStep('sending');
    try {
      const seconds = await reportFalseAlarm(notificationId);
      setUndoSeconds(seconds);
      setStep('undoable');
      timer.current = setTimeout(() => {
        timer.current = null;
        setStep('reported');
      }, seconds * 1000);
    } catch (error) {
      // 409: marked already, from another device.
      if (statusOf(error) === 409) setStep('reported');
      else {
        notifyError(i18n._('notifications.falseAlarmFailed'));
        setStep('idle');
      }
    }
  }

  async function undo() {
    if (refuseWhenOffline()) return;
    stopTimer();
    setStep('undoing');
    try {
      await undoFalseAlarm(notificationId);
      notifySuccess(i18n._('notifications.falseAlarmUndone'));
      setStep('idle');
    } catch (error) {
      // 409: its time to undo passed, and the report stands; the server says so.
      if (statusOf(error) === 409) {
        notifyError(serverMessageOf(error) ?? i18n._('notifications.falseAlarmUndoFailed'));
        setStep('reported');
      } else {
        notifyError(i18n._('notifications.falseAlarmUndoFailed'));
        setStep('undoable');
      }
    }
  }

  if (step === 'confirming') {
    return (
      <div className="false-alarm-confirm" role="group" aria-label={i18n._('notifications.falseAlarm')}>
        <p>{i18n._('notifications.falseAlarmAsk')}</p>
        <button type="button" className="link-button" onClick={() => void report()}>
          {i18n._('notifications.falseAlarmConfirm')}
        </button>
        <button type="button" className="link-button" onClick={() => setStep('idle')}>
          {i18n._('notifications.falseAlarmCancel')}
        </button>
      </div>
    );
  }
  if (step === 'undoable' || step === 'undoing') {
    const undoing = step === 'undoing';
    return (
      <p className="false-alarm-confirm" role="status">
        {i18n._('notifications.falseAlarmUndoable', { seconds: undoSeconds })}{' '}
        <button
          type="button"
          className="link-button"
          disabled={undoing}
          aria-busy={undoing}
          onClick={() => void undo()}
        >
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
