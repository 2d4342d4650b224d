/** SPEC §2 /registration. */
import type { I18n } from '@lingui/core';
import { useLingui } from '@lingui/react';
import { useEffect, useState, type ChangeEvent, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { latestAdultDateOfBirth } from '#common/age';
import type { RegisterPayload, RuntimeConfig } from '#common/api';
import { GENDERS } from '#common/genders';
import { COUNTRY, DISTRICTS, STATE } from '#common/districts';
import { EMAIL_MAX, NAME_MAX } from '#common/limits';
import { nameProblem } from '#common/person-name';
import { PHONE_LENGTH } from '#common/phone';
import { Field } from '../../components/field';
import { nameProblemText } from '../../components/name-problem-text';
import { PrivacyNotice } from '../../components/privacy-notice';
import { activeLanguage } from '../../i18n/i18n';
import { notifyError, notifyWarning } from '../../lib/toasts';
import { setPendingPhone } from '../../state/pending-phone';
import { fetchRuntimeConfig, prepareToSend, register } from './api';
import { AuthLayout } from './auth-layout';
import { phoneFromInput } from './phone-input';
import { useCityOptions } from './use-city-options';

const EMPTY_FORM = { name: '', email: '', phone: '', gender: '', dateOfBirth: '', district: '', city: '' };
type FormValues = typeof EMPTY_FORM;

function cityPlaceholder(i18n: I18n, district: string, loading: boolean): string {
  if (loading) return i18n._('registration.loadingCities');
  return district ? i18n._('registration.selectCity') : i18n._('registration.selectDistrictFirst');
}

function genderName(i18n: I18n, gender: (typeof GENDERS)[number]): string {
  switch (gender) {
    case 'Male':
      return i18n._('registration.genderMale');
    case 'Female':
      return i18n._('registration.genderFemale');
    case 'Other':
      return i18n._('registration.genderOther');
  }
}

export default function RegistrationPage() {
  const { i18n } = useLingui();
  const navigate = useNavigate();
  const [values, setValues] = useState<FormValues>(EMPTY_FORM);
  const [phoneVisible, setPhoneVisible] = useState(false);
  const [consent, setConsent] = useState(false);
  const [config, setConfig] = useState<RuntimeConfig | null>(null);
  const [sending, setSending] = useState(false);
  const { cities, loading } = useCityOptions(values.district);
  const nameRefused = nameProblem(values.name.trim());
  const nameError = nameRefused && nameProblemText(i18n, nameRefused);

  useEffect(() => {
    let active = true;
    // Offline, the notice shows without the grievance contact and with the default periods.
    fetchRuntimeConfig().then(
      (found) => active && setConfig(found),
      () => undefined,
    );
    return () => {
      active = false;
    };
  }, []);

  function change(field: keyof FormValues, value: string) {
    setValues((current) => ({ ...current, [field]: value }));
  }

  /** What every control of the form has: its field's name, value and change, and that it is required. */
  const control = (field: keyof FormValues) => ({
    className: 'input',
    name: field,
    required: true,
    value: values[field],
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLSelectElement>) => change(field, event.target.value),
  });

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // The browser's own checks (required, email type, phone pattern) decide; its bubbles are off
    // so that SPEC §8's warning is what the user sees. A disabled city select is not checked by
    // the browser, hence the explicit test.
    if (!event.currentTarget.checkValidity() || values.city === '') {
      notifyWarning(i18n._('toast.invalidFields'));
      return;
    }
    if (nameError) {
      notifyWarning(nameError);
      return;
    }
    const payload: RegisterPayload = {
      name: values.name.trim(),
      email: values.email.trim(),
      phone: values.phone,
      gender: values.gender as RegisterPayload['gender'],
      dateOfBirth: values.dateOfBirth,
      location: values.district,
      city: values.city,
      country: COUNTRY,
      state: STATE,
      phoneVisible,
      language: activeLanguage(),
      consent,
    };
    setSending(true);
    try {
      const response = await register(payload);
      if (!response) throw new Error('Empty registration response');
      setPendingPhone(payload.phone);
      void navigate('/otp-verification');
    } catch {
      notifyError(i18n._('toast.registrationFailed'));
      setSending(false);
    }
  }

  return (
    <AuthLayout title={i18n._('registration.title')}>
      <form className="form" noValidate onFocus={prepareToSend} onSubmit={(event) => void onSubmit(event)}>
        <Field label={i18n._('registration.name')} hint={nameError || undefined}>
          <input
            {...control('name')}
            autoComplete="name"
            aria-invalid={nameError ? true : undefined}
            maxLength={NAME_MAX}
          />
        </Field>
        <Field label={i18n._('registration.email')}>
          <input {...control('email')} type="email" autoComplete="email" maxLength={EMAIL_MAX} />
        </Field>
        <Field label={i18n._('registration.phone')} hint={i18n._('registration.phoneHint')}>
          <input
            {...control('phone')}
            type="tel"
            inputMode="numeric"
            autoComplete="tel-national"
            pattern={`[0-9]{${PHONE_LENGTH}}`}
            title={i18n._('registration.phoneHint')}
            onChange={(event) => change('phone', phoneFromInput(event.target.value))}
          />
        </Field>
        <Field label={i18n._('registration.gender')}>
          <select {...control('gender')}>
            <option value="">{i18n._('registration.selectGender')}</option>
            {GENDERS.map((gender) => (
              <option key={gender} value={gender}>
                {genderName(i18n, gender)}
              </option>
            ))}
          </select>
        </Field>
        <Field label={i18n._('registration.dateOfBirth')} hint={i18n._('registration.adultsOnly')}>
          <input
            {...control('dateOfBirth')}
            type="date"
            autoComplete="bday"
            max={latestAdultDateOfBirth(new Date())}
          />
        </Field>
        <Field label={i18n._('registration.district')}>
          <select
            {...control('district')}
            onChange={(event) =>
              setValues((current) => ({ ...current, district: event.target.value, city: '' }))
            }
          >
            <option value="">{i18n._('registration.selectDistrict')}</option>
            {DISTRICTS.map((district) => (
              <option key={district} value={district}>
                {district}
              </option>
            ))}
          </select>
        </Field>
        <Field label={i18n._('registration.city')}>
          <select {...control('city')} disabled={!values.district || loading}>
            <option value="">{cityPlaceholder(i18n, values.district, loading)}</option>
            {cities.map((city) => (
              <option key={city} value={city}>
                {city}
              </option>
            ))}
          </select>
        </Field>
        <label className="form-check">
          <input
            type="checkbox"
            name="phoneVisible"
            checked={phoneVisible}
            onChange={(event) => setPhoneVisible(event.target.checked)}
          />
          {i18n._('registration.phoneVisible')}
        </label>
        <PrivacyNotice config={config} />
        <label className="form-check">
          <input
            type="checkbox"
            name="consent"
            required
            checked={consent}
            onChange={(event) => setConsent(event.target.checked)}
          />
          {i18n._('registration.consent')}
        </label>
        <button type="submit" className="button button-primary button-block" disabled={sending}>
          {i18n._('registration.submit')}
        </button>
      </form>
      <p className="auth-switch">
        {i18n._('registration.haveAccount')} <Link to="/login">{i18n._('registration.login')}</Link>
      </p>
    </AuthLayout>
  );
}
