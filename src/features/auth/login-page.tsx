/**
 * SPEC §2 /login. The phone box is the browser's own (uncontrolled) and read when the form is sent, so
 * a number typed into the prerendered page before the app was attached survives hydration; the send
 * button stays off until then, as a tap would otherwise submit the form natively and reload the page.
 */
import { useLingui } from '@lingui/react';
import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { PHONE_LENGTH } from '#common/phone';
import { notifyError, notifyWarning } from '../../lib/toasts';
import { useHydrated } from '../../lib/use-hydrated';
import { setPendingPhone } from '../../state/pending-phone';
import { prepareToSend, requestCode } from './api';
import { AuthLayout } from './auth-layout';
import { phoneFromInput } from './phone-input';

export default function LoginPage() {
  const { i18n } = useLingui();
  const navigate = useNavigate();
  const [sending, setSending] = useState(false);
  const hydrated = useHydrated();

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const phone = phoneFromInput(String(new FormData(event.currentTarget).get('phone')));
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
              onChange={(event) => {
                event.target.value = phoneFromInput(event.target.value);
              }}
            />
          </div>
        </div>
        <button type="submit" className="button button-primary button-block" disabled={sending || !hydrated}>
          {i18n._('login.submit')}
        </button>
      </form>
      <p className="auth-switch">
        {i18n._('login.newHere')} <Link to="/registration">{i18n._('login.signUp')}</Link>
      </p>
    </AuthLayout>
  );
}
