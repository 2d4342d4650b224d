/** SPEC §2 /otp-verification. */
import { useLingui } from '@lingui/react';
import { useEffect, useRef, useState, type ClipboardEvent, type FormEvent, type KeyboardEvent } from 'react';
import { Link, Navigate, useLocation, useNavigate } from 'react-router-dom';
import { formatPhone } from '#common/phone-display';
import { Button } from '../../components/button';
import { requestPushPermission } from '../../lib/push';
import { useAtomValue } from '../../lib/store';
import { retryAfterOf, serverMessageOf, statusOf } from '../../lib/api-client';
import { notifyError, notifyWarning } from '../../lib/toasts';
import { pendingPhoneAtom } from '../../state/pending-phone';
import { startSession } from '../../state/user';
import { prepareToSend, requestCode, verifyCode } from './api';
import { AuthLayout } from './auth-layout';
import { toCodeScreenOf, type BackFromCodeScreen } from './code-screen';
import { emptyOtp, enterDigits, type OtpDigits } from './otp-boxes';
import { useCountdown } from './use-countdown';

export default function OtpPage() {
  const { i18n } = useLingui();
  const phone = useAtomValue(pendingPhoneAtom);
  const navigate = useNavigate();
  const arrival = toCodeScreenOf(useLocation().state);
  const [boxes, setBoxes] = useState<OtpDigits>(emptyOtp);
  const [busy, setBusy] = useState(false);
  const [resent, setResent] = useState(false);
  const [resendAt, setResendAt] = useState(() => Date.now() + (arrival?.resendAfterSeconds ?? 0) * 1000);
  const resendIn = useCountdown(resendAt);
  const inputs = useRef<(HTMLInputElement | null)[]>([]);

  // Arriving on the screen, the code is typed at once.
  useEffect(() => {
    inputs.current[0]?.focus();
  }, []);

  // Nothing to verify without the phone a code was sent to.
  if (phone === null) return <Navigate to="/login" replace />;

  function focusBox(index: number) {
    inputs.current[index]?.focus();
  }

  function enter(index: number, text: string) {
    const { boxes: next, focus } = enterDigits(boxes, index, text);
    setBoxes(next);
    if (focus !== null) focusBox(focus);
  }

  function onKeyDown(index: number, event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'Backspace' && boxes[index] === '' && index > 0) {
      event.preventDefault();
      focusBox(index - 1);
    }
  }

  function onChange(index: number, value: string) {
    if (value === '') {
      setBoxes((current) => current.map((digit, at) => (at === index ? '' : digit)));
      return;
    }
    // A box that already held a digit receives two characters: the new one is the one typed.
    const held = boxes[index] ?? '';
    enter(index, held !== '' && value.length === 2 ? value.replace(held, '') : value);
  }

  function onPaste(index: number, event: ClipboardEvent<HTMLInputElement>) {
    event.preventDefault();
    enter(index, event.clipboardData.getData('text'));
  }

  async function onVerify(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (phone === null) return;
    // SPEC §4: asked inside the tap, before anything is awaited, or browsers refuse the prompt.
    requestPushPermission();
    setBusy(true);
    try {
      const { user, token } = await verifyCode({ phone, otp: boxes.join('') });
      startSession(user, token);
      void navigate('/dashboard', { replace: true });
    } catch {
      notifyError(i18n._('toast.invalidOtp'));
      // A wrong code is typed again from the first box, not corrected digit by digit.
      setBoxes(emptyOtp());
      focusBox(0);
      setBusy(false);
    }
  }

  const waitSeconds = (seconds: number) => setResendAt(Date.now() + seconds * 1000);

  async function onResend() {
    if (phone === null) return;
    setBoxes(emptyOtp());
    setResent(false);
    focusBox(0);
    try {
      const { resendAfterSeconds } = await requestCode(phone);
      setResent(true);
      waitSeconds(resendAfterSeconds);
    } catch (error) {
      // Too soon after the last code: say how to proceed rather than that sign-in failed.
      const tooSoon = statusOf(error) === 429 ? serverMessageOf(error) : undefined;
      if (tooSoon) notifyWarning(tooSoon);
      else notifyError(i18n._('otp.resendFailed'));
      const retryAfter = retryAfterOf(error);
      if (retryAfter !== undefined) waitSeconds(retryAfter);
    }
  }

  const back: BackFromCodeScreen = { phone };

  return (
    <AuthLayout title={i18n._('otp.title')}>
      <p className="muted">{i18n._('otp.codeSentTo', { phone: formatPhone(phone) })}</p>
      <p className="otp-change">
        <Link to={arrival?.from ?? '/login'} state={back} replace>
          {i18n._('otp.changeNumber')}
        </Link>
      </p>
      <form className="form" noValidate onFocus={prepareToSend} onSubmit={(event) => void onVerify(event)}>
        <fieldset className="otp-boxes">
          <legend className="visually-hidden">{i18n._('otp.codeLabel')}</legend>
          {boxes.map((digit, index) => (
            <input
              key={index}
              ref={(element) => {
                inputs.current[index] = element;
              }}
              className="input otp-box"
              type="text"
              inputMode="numeric"
              pattern="[0-9]"
              autoComplete={index === 0 ? 'one-time-code' : 'off'}
              aria-label={i18n._('otp.digitLabel', { position: index + 1, count: boxes.length })}
              value={digit}
              onChange={(event) => onChange(index, event.target.value)}
              onKeyDown={(event) => onKeyDown(index, event)}
              onPaste={(event) => onPaste(index, event)}
              onFocus={(event) => event.target.select()}
            />
          ))}
        </fieldset>
        <Button type="submit" variant="primary" block disabled={busy}>
          {i18n._('otp.verify')}
        </Button>
        <Button block disabled={busy || resendIn > 0} onClick={() => void onResend()}>
          {resendIn > 0
            ? i18n._('otp.resendIn', { label: i18n._('otp.resend'), seconds: resendIn })
            : i18n._('otp.resend')}
        </Button>
        <p className="otp-status" role="status">
          {resent ? i18n._('otp.resent') : ''}
        </p>
      </form>
    </AuthLayout>
  );
}
