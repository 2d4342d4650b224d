/** SPEC §2 /registration. */
import type { I18n } from '@lingui/core';
import { useLingui } from '@lingui/react';
import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import type { RegisterPayload } from '#common/api';
import { GENDERS } from '#common/genders';
import { COUNTRY, DISTRICTS, STATE } from '#common/districts';
import { EMAIL_MAX, NAME_MAX } from '#common/limits';
import { PHONE_LENGTH } from '#common/phone';
import { Field } from '../../components/field';
import { activeLanguage } from '../../i18n/i18n';
import { notifyError, notifyWarning } from '../../lib/toasts';
import { setPendingPhone } from '../../state/pending-phone';
import { prepareToSend, register } from './api';
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
  const [sending, setSending] = useState(false);
  const { cities, loading } = useCityOptions(values.district);

  function change(field: keyof FormValues, value: string) {
    setValues((current) => ({ ...current, [field]: value }));
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // The browser's own checks (required, email type, phone pattern) decide; its bubbles are off
    // so that SPEC §8's warning is what the user sees. A disabled city select is not checked by
    // the browser, hence the explicit test.
    if (!event.currentTarget.checkValidity() || values.city === '') {
      notifyWarning(i18n._('toast.invalidFields'));
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
        <Field label={i18n._('registration.name')}>
          <input
            className="input"
            name="name"
            autoComplete="name"
            required
            maxLength={NAME_MAX}
            value={values.name}
            onChange={(event) => change('name', event.target.value)}
          />
        </Field>
        <Field label={i18n._('registration.email')}>
          <input
            className="input"
            name="email"
            type="email"
            autoComplete="email"
            required
            maxLength={EMAIL_MAX}
            value={values.email}
            onChange={(event) => change('email', event.target.value)}
          />
        </Field>
        <Field label={i18n._('registration.phone')} hint={i18n._('registration.phoneHint')}>
          <input
            className="input"
            name="phone"
            type="tel"
            inputMode="numeric"
            autoComplete="tel-national"
            required
            pattern={`[0-9]{${PHONE_LENGTH}}`}
            title={i18n._('registration.phoneHint')}
            value={values.phone}
            onChange={(event) => change('phone', phoneFromInput(event.target.value))}
          />
        </Field>
        <Field label={i18n._('registration.gender')}>
          <select
            className="input"
            name="gender"
            required
            value={values.gender}
            onChange={(event) => change('gender', event.target.value)}
          >
            <option value="">{i18n._('registration.selectGender')}</option>
            {GENDERS.map((gender) => (
              <option key={gender} value={gender}>
                {genderName(i18n, gender)}
              </option>
            ))}
          </select>
        </Field>
        <Field label={i18n._('registration.dateOfBirth')}>
          <input
            className="input"
            name="dateOfBirth"
            type="date"
            autoComplete="bday"
            required
            max={new Date().toISOString().slice(0, 10)}
            value={values.dateOfBirth}
            onChange={(event) => change('dateOfBirth', event.target.value)}
          />
        </Field>
        <Field label={i18n._('registration.district')}>
          <select
            className="input"
            name="district"
            required
            value={values.district}
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
          <select
            className="input"
            name="city"
            required
            disabled={!values.district || loading}
            value={values.city}
            onChange={(event) => change('city', event.target.value)}
          >
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
