/** SPEC §2 /login. */
import { useLingui } from '@lingui/react';
import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { PHONE_LENGTH } from '#common/phone';
import { notifyError, notifyWarning } from '../../lib/toasts';
import { setPendingPhone } from '../../state/pending-phone';
import { prepareToSend, requestCode } from './api';
import { AuthLayout } from './auth-layout';
import { phoneFromInput } from './phone-input';

export default function LoginPage() {
  const { i18n } = useLingui();
  const navigate = useNavigate();
  const [phone, setPhone] = useState('');
  const [sending, setSending] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (phone.length !== PHONE_LENGTH) {
      notifyWarning(i18n._('toast.invalidPhone'));
      return;
    }
    setSending(true);
    try {
      await requestCode(phone);
      setPendingPhone(phone);
      void navigate('/otp-verification');
    } catch {
      notifyError(i18n._('toast.loginFailed'));
      setSending(false);
    }
  }

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
              inputMode="numeric"
              autoComplete="tel-national"
              placeholder={i18n._('login.phonePlaceholder')}
              value={phone}
              onChange={(event) => setPhone(phoneFromInput(event.target.value))}
            />
          </div>
        </div>
        <button type="submit" className="button button-primary button-block" disabled={sending}>
          {i18n._('login.submit')}
        </button>
      </form>
      <p className="auth-switch">
        {i18n._('login.newHere')} <Link to="/registration">{i18n._('login.signUp')}</Link>
      </p>
    </AuthLayout>
  );
}
