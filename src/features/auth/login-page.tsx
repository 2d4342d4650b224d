/**
 * SPEC §2 /login. The phone box is the browser's own (uncontrolled) and read when the form is sent, so
 * a number typed into the prerendered page before the app was attached survives hydration; the send
 * button stays off until then, as a tap would otherwise submit the form natively and reload the page.
 */
import { useLingui } from '@lingui/react';
import { useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { Button } from '../../components/button';
import { notifyError, notifyWarning } from '../../lib/toasts';
import { useHydrated } from '../../lib/use-hydrated';
import { setPendingPhone } from '../../state/pending-phone';
import { prepareToSend, refusalOf, requestCode } from './api';
import { AuthLayout } from './auth-layout';
import type { BackFromCodeScreen, ToCodeScreen } from './code-screen';
import { keptPhoneOf, mobileFromInput, phoneFromInput } from './phone-input';

/** Why the server refused: no account for the number (with the way to sign up), or too many codes. */
interface Refusal {
  reason: string;
  phone: string;
  signUp: boolean;
}

export default function LoginPage() {
  const { i18n } = useLingui();
  const navigate = useNavigate();
  const location = useLocation();
  const [sending, setSending] = useState(false);
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const hydrated = useHydrated();

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const phone = mobileFromInput(String(new FormData(event.currentTarget).get('phone')));
    if (phone === null) {
      notifyWarning(i18n._('toast.invalidPhone'));
      return;
    }
    setSending(true);
    setRefusal(null);
    try {
      const { resendAfterSeconds } = await requestCode(phone);
      setPendingPhone(phone);
      const state: ToCodeScreen = { from: '/login', resendAfterSeconds };
      void navigate('/otp-verification', { state });
    } catch (error) {
      notifyError(i18n._('toast.loginFailed'));
      const { status, reason } = refusalOf(error);
      if (reason) setRefusal({ reason, phone, signUp: status === 404 });
      setSending(false);
    }
  }

  const signUpState: BackFromCodeScreen | undefined = refusal ? { phone: refusal.phone } : undefined;
  return (
    <AuthLayout title={i18n._('login.title')}>
      <p className="muted">{i18n._('login.codeHint')}</p>
      <form className="form" noValidate onFocus={prepareToSend} onSubmit={(event) => void onSubmit(event)}>
        <div className="field">
          <label className="field-label" htmlFor="login-phone">
            {i18n._('login.phoneLabel')}
          </label>
          <div className="phone-input">
            <span className="phone-prefix" aria-hidden="true">
              IN
            </span>
            <input
              id="login-phone"
              className="input"
              name="phone"
              type="tel"
              inputMode="tel"
              autoComplete="tel-national"
              placeholder={i18n._('login.phonePlaceholder')}
              defaultValue={keptPhoneOf(location.state)}
              aria-describedby={refusal ? 'login-refusal' : undefined}
              onChange={(event) => {
                event.target.value = phoneFromInput(event.target.value);
              }}
            />
          </div>
        </div>
        {refusal && (
          <p id="login-refusal" className="auth-refusal" role="alert">
            {refusal.reason}{' '}
            {refusal.signUp && (
              <Link to="/registration" state={signUpState}>
                {i18n._('login.signUp')}
              </Link>
            )}
          </p>
        )}
        <Button type="submit" variant="primary" block disabled={sending || !hydrated}>
          {i18n._('login.submit')}
        </Button>
      </form>
      <p className="auth-switch">
        {i18n._('login.newHere')} <Link to="/registration">{i18n._('login.signUp')}</Link>
      </p>
    </AuthLayout>
  );
}
