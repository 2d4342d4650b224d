/** SPEC §2 /registration. */
import type { I18n } from '@lingui/core';
import { useLingui } from '@lingui/react';
import { useState, type ChangeEvent, type FormEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { isAdult, latestAdultDateOfBirth } from '#common/age';
import type { RegisterPayload } from '#common/api';
import { GENDERS } from '#common/genders';
import { COUNTRY, DISTRICTS, STATE, placeName } from '#common/districts';
import { EMAIL_MAX, NAME_MAX } from '#common/limits';
import { nameProblem } from '#common/person-name';
import { Button } from '../../components/button';
import { Field } from '../../components/field';
import { nameProblemText } from '../../components/name-problem-text';
import { PrivacyNotice } from '../../components/privacy-notice';
import { activeLanguage } from '../../i18n/i18n';
import { serverMessageOf, statusOf } from '../../lib/api-client';
import { notifyError, notifyWarning } from '../../lib/toasts';
import { useServerData } from '../../lib/use-server-data';
import { setPendingPhone } from '../../state/pending-phone';
import { fetchRuntimeConfig, prepareToSend, register } from './api';
import { AuthLayout } from './auth-layout';
import type { BackFromCodeScreen, ToCodeScreen } from './code-screen';
import { keptPhoneOf, mobileFromInput, phoneFromInput } from './phone-input';
import { useCityOptions } from './use-city-options';

const EMPTY_FORM = { name: '', email: '', phone: '', gender: '', dateOfBirth: '', district: '', city: '' };
type FormValues = typeof EMPTY_FORM;
/** The form's fields in the order they are shown: the first wrong one gets the focus. */
const FIELD_ORDER = [...(Object.keys(EMPTY_FORM) as (keyof FormValues)[]), 'consent'] as const;
type FieldName = (typeof FIELD_ORDER)[number];
type FieldProblems = Partial<Record<FieldName, string>>;

/** The chosen gender as the contract names it, or undefined while none is chosen. */
const genderOf = (value: string) => GENDERS.find((gender) => gender === value);

/** What is wrong with each field of the form, in words shown beside it. */
function fieldProblems(i18n: I18n, values: FormValues, emailValid: boolean, consent: boolean): FieldProblems {
  const problems: FieldProblems = {};
  const required = i18n._('registration.required');
  const choose = i18n._('registration.chooseOne');
  const name = values.name.trim();
  const nameRefused = nameProblem(name);
  if (!name) problems.name = required;
  else if (nameRefused) problems.name = nameProblemText(i18n, nameRefused);
  if (!values.email.trim()) problems.email = required;
  else if (!emailValid) problems.email = i18n._('registration.emailInvalid');
  if (mobileFromInput(values.phone) === null) problems.phone = i18n._('registration.phoneHint');
  if (genderOf(values.gender) === undefined) problems.gender = choose;
  if (!values.dateOfBirth) problems.dateOfBirth = required;
  else if (!isAdult(values.dateOfBirth, new Date())) problems.dateOfBirth = i18n._('registration.adultsOnly');
  if (!values.district) problems.district = choose;
  if (!values.city) problems.city = choose;
  if (!consent) problems.consent = i18n._('registration.consentRequired');
  return problems;
}

/** Brings the first wrong field into view and puts the focus in it. */
function focusFirstProblem(form: HTMLFormElement, problems: FieldProblems): void {
  const first = FIELD_ORDER.find((field) => problems[field]);
  const control = first && form.elements.namedItem(first);
  if (!(control instanceof HTMLElement)) return;
  control.scrollIntoView?.({ block: 'center' });
  control.focus({ preventScroll: true });
}

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
  const keptPhone = keptPhoneOf(useLocation().state);
  const [values, setValues] = useState<FormValues>(() => ({ ...EMPTY_FORM, phone: keptPhone }));
  const [problems, setProblems] = useState<FieldProblems>({});
  const [refusal, setRefusal] = useState<{ reason: string; phone: string } | null>(null);
  const [phoneVisible, setPhoneVisible] = useState(false);
  const [consent, setConsent] = useState(false);
  // Offline, the notice shows without the grievance contact and with the default periods.
  const { data: config } = useServerData(fetchRuntimeConfig);
  const [sending, setSending] = useState(false);
  const { cities, loading } = useCityOptions(values.district);
  const nameRefused = nameProblem(values.name.trim());
  const nameError = (nameRefused && nameProblemText(i18n, nameRefused)) || problems.name;

  function change(field: keyof FormValues, value: string) {
    setValues((current) => ({ ...current, [field]: value }));
    // A field being corrected is no longer marked wrong; it is checked again at the next send.
    setProblems(({ [field]: _corrected, ...others }) => others);
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
    const form = event.currentTarget;
    // The browser's bubbles are off so that SPEC §8's warning is what the user sees, and each wrong
    // field says beside it what is wrong; the e-mail box's own check decides what an address is.
    const email = form.elements.namedItem('email');
    const emailValid = !(email instanceof HTMLInputElement) || email.validity.valid;
    const found = fieldProblems(i18n, values, emailValid, consent);
    const phone = mobileFromInput(values.phone);
    const gender = genderOf(values.gender);
    if (Object.keys(found).length > 0 || phone === null || gender === undefined) {
      setProblems(found);
      // A name refused for what it holds (not for being empty) is the one thing named in the toast.
      const onlyNameRefused = nameRefused !== null && Object.keys(found).length === 1;
      notifyWarning(onlyNameRefused && found.name ? found.name : i18n._('toast.invalidFields'));
      focusFirstProblem(form, found);
      return;
    }
    const payload: RegisterPayload = {
      name: values.name.trim(),
      email: values.email.trim(),
      phone,
      gender,
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
    setRefusal(null);
    try {
      const response = await register(payload);
      if (!response) throw new Error('Empty registration response');
      setPendingPhone(phone);
      const state: ToCodeScreen = { from: '/registration', resendAfterSeconds: response.resendAfterSeconds };
      void navigate('/otp-verification', { state });
    } catch (error) {
      notifyError(i18n._('toast.registrationFailed'));
      const reason = serverMessageOf(error);
      // A number with an account already is told so, with the way to sign in with it.
      if (reason && statusOf(error) === 409) setRefusal({ reason, phone });
      setSending(false);
    }
  }

  const signInState: BackFromCodeScreen | undefined = refusal ? { phone: refusal.phone } : undefined;

  return (
    <AuthLayout title={i18n._('registration.title')}>
      <form className="form" noValidate onFocus={prepareToSend} onSubmit={(event) => void onSubmit(event)}>
        <Field label={i18n._('registration.name')} error={nameError || undefined}>
          <input {...control('name')} autoComplete="name" maxLength={NAME_MAX} />
        </Field>
        <Field label={i18n._('registration.email')} error={problems.email}>
          <input {...control('email')} type="email" autoComplete="email" maxLength={EMAIL_MAX} />
        </Field>
        <Field
          label={i18n._('registration.phone')}
          hint={i18n._('registration.phoneNote')}
          error={problems.phone}
        >
          <input
            {...control('phone')}
            type="tel"
            inputMode="tel"
            autoComplete="tel-national"
            title={i18n._('registration.phoneHint')}
            onChange={(event) => change('phone', phoneFromInput(event.target.value))}
          />
        </Field>
        <Field label={i18n._('registration.gender')} error={problems.gender}>
          <select {...control('gender')}>
            <option value="">{i18n._('registration.selectGender')}</option>
            {GENDERS.map((gender) => (
              <option key={gender} value={gender}>
                {genderName(i18n, gender)}
              </option>
            ))}
          </select>
        </Field>
        <Field
          label={i18n._('registration.dateOfBirth')}
          hint={i18n._('registration.adultsNote')}
          error={problems.dateOfBirth}
        >
          <input
            {...control('dateOfBirth')}
            type="date"
            autoComplete="bday"
            max={latestAdultDateOfBirth(new Date())}
          />
        </Field>
        <Field label={i18n._('registration.district')} error={problems.district}>
          <select
            {...control('district')}
            onChange={(event) => {
              change('district', event.target.value);
              setValues((current) => ({ ...current, city: '' }));
            }}
          >
            <option value="">{i18n._('registration.selectDistrict')}</option>
            {DISTRICTS.map((district) => (
              <option key={district} value={district}>
                {placeName(district, activeLanguage())}
              </option>
            ))}
          </select>
        </Field>
        <Field label={i18n._('registration.city')} error={problems.city}>
          <select {...control('city')} disabled={!values.district || loading}>
            <option value="">{cityPlaceholder(i18n, values.district, loading)}</option>
            {cities.map((city) => (
              <option key={city} value={city}>
                {placeName(city, activeLanguage())}
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
            aria-invalid={problems.consent ? true : undefined}
            aria-describedby={problems.consent ? 'registration-consent-problem' : undefined}
            onChange={(event) => {
              setConsent(event.target.checked);
              setProblems(({ consent: _corrected, ...others }) => others);
            }}
          />
          {i18n._('registration.consent')}
        </label>
        {problems.consent && (
          <p id="registration-consent-problem" className="field-hint field-error">
            {problems.consent}
          </p>
        )}
        {refusal && (
          <p className="auth-refusal" role="alert">
            {refusal.reason}{' '}
            <Link to="/login" state={signInState}>
              {i18n._('registration.login')}
            </Link>
          </p>
        )}
        <Button type="submit" variant="primary" block disabled={sending}>
          {i18n._('registration.submit')}
        </Button>
      </form>
      <p className="auth-switch">
        {i18n._('registration.haveAccount')} <Link to="/login">{i18n._('registration.login')}</Link>
      </p>
    </AuthLayout>
  );
}
