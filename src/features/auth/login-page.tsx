/** SPEC §2 /login. */
import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { PHONE_LENGTH } from '#common/phone';
import { TOASTS } from '../../lib/texts';
import { notifyError, notifyWarning } from '../../lib/toasts';
import { setPendingPhone } from '../../state/pending-phone';
import { requestCode } from './api';
import { AuthLayout } from './auth-layout';
import { phoneFromInput } from './phone-input';

export default function LoginPage() {
  const navigate = useNavigate();
  const [phone, setPhone] = useState('');
  const [sending, setSending] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (phone.length !== PHONE_LENGTH) {
      notifyWarning(TOASTS.invalidPhone);
      return;
    }
    setSending(true);
    try {
      await requestCode(phone);
      setPendingPhone(phone);
      void navigate('/otp-verification');
    } catch {
      notifyError(TOASTS.loginFailed);
      setSending(false);
    }
  }

  return (
    <AuthLayout title="Sign in with your mobile number">
      <p className="muted">We will send a 6-digit verification code to this number.</p>
      <form className="form" noValidate onSubmit={(event) => void onSubmit(event)}>
        <div className="field">
          <label className="field-label" htmlFor="login-phone">
            Mobile number
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
              inputMode="numeric"
              autoComplete="tel-national"
              placeholder="10-digit number"
              value={phone}
              onChange={(event) => setPhone(phoneFromInput(event.target.value))}
            />
          </div>
        </div>
        <button type="submit" className="button button-primary button-block" disabled={sending}>
          SEND VERIFICATION CODE
        </button>
      </form>
      <p className="auth-switch">
        New here? <Link to="/registration">Sign up</Link>
      </p>
    </AuthLayout>
  );
}
