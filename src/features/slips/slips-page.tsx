/**
 * /slips "Wiper slips": print a sheet of slips ahead of time, and attach a note to one when a car
 * blocks the way, by its code (or a scanned slip's, given as `?code=`); the note is then followed on
 * /requests like any request.
 */
import { useLingui } from '@lingui/react';
import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { SLIP_TEXT_MAX, SLIPS_PER_SHEET } from '#common/limits';
import { TEMPLATE_KEYS, templateText, type TemplateKey } from '#common/message-templates';
import { formatSlipCode, normaliseSlipCode } from '#common/slip-code';
import { isValidVehicleNumber, normaliseVehicleNumber } from '#common/vehicle-number';
import { Button } from '../../components/button';
import { Field } from '../../components/field';
import { VehicleNumberInput } from '../../components/vehicle-number-input';
import { serverMessageOf } from '../../lib/api-client';
import { refuseWhenOffline } from '../../lib/offline-guard';
import { notifyError, notifySuccess } from '../../lib/toasts';
import { upsertSentRequest } from '../../state/sent-requests';
import { fetchSlipSheet, postAttachNote, postSlips } from './api';
import './slips.css';

const OWN_TEXT = 'own';

function PrintSheet() {
  const { i18n } = useLingui();
  const [count, setCount] = useState(SLIPS_PER_SHEET);
  const [codes, setCodes] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);

  async function run(step: () => Promise<void>) {
    if (refuseWhenOffline()) return;
    setBusy(true);
    try {
      await step();
    } catch (error) {
      notifyError(serverMessageOf(error) ?? i18n._('toast.somethingWentWrong'));
    } finally {
      setBusy(false);
    }
  }

  const make = () =>
    run(async () => {
      const { slips } = await postSlips(count);
      setCodes(slips.map((slip) => slip.code));
    });

  const openSheet = () =>
    run(async () => {
      const url = URL.createObjectURL(await fetchSlipSheet());
      const link = document.createElement('a');
      link.href = url;
      link.download = 'wiper-slips.pdf';
      link.click();
      setTimeout(() => URL.revokeObjectURL(url), 60_000);
    });

  return (
    <section className="card stack" aria-labelledby="slips-print">
      <h2 id="slips-print">{i18n._('slips.printTitle')}</h2>
      <p className="muted">{i18n._('slips.printHint')}</p>
      <Field label={i18n._('slips.countLabel')}>
        <select className="input" value={count} onChange={(event) => setCount(Number(event.target.value))}>
          {Array.from({ length: SLIPS_PER_SHEET }, (_, index) => index + 1).map((n) => (
            <option key={n} value={n}>
              {n}
            </option>
          ))}
        </select>
      </Field>
      <Button variant="primary" disabled={busy} onClick={() => void make()}>
        {i18n._('slips.make')}
      </Button>
      {codes.length > 0 && (
        <ul className="slip-codes" aria-label={i18n._('slips.newCodes')}>
          {codes.map((code) => (
            <li key={code}>{formatSlipCode(code)}</li>
          ))}
        </ul>
      )}
      <Button disabled={busy} onClick={() => void openSheet()}>
        {i18n._('slips.download')}
      </Button>
    </section>
  );
}

function AttachNote() {
  const { i18n } = useLingui();
  const [choice, setChoice] = useState<TemplateKey | typeof OWN_TEXT>('blocking');
  const [params] = useSearchParams();
  // The plate just searched, when the search's "Wiper slips" led here.
  const [plate, setPlate] = useState(params.get('vehicleNumber') ?? '');
  const [sending, setSending] = useState(false);
  const [attached, setAttached] = useState(false);
  const scannedCode = normaliseSlipCode(params.get('code') ?? '');

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const code = normaliseSlipCode(String(form.get('code') ?? ''));
    const vehicleNumber = normaliseVehicleNumber(String(form.get('vehicleNumber') ?? ''));
    if (!code) {
      notifyError(i18n._('slips.badCode'));
      return;
    }
    if (!isValidVehicleNumber(vehicleNumber)) {
      notifyError(i18n._('toast.invalidFormat'));
      return;
    }
    if (refuseWhenOffline()) return;
    setSending(true);
    try {
      const note =
        choice === OWN_TEXT
          ? { vehicleNumber, text: String(form.get('text') ?? '').trim() }
          : { vehicleNumber, templateKey: choice };
      upsertSentRequest(await postAttachNote(code, note));
      setAttached(true);
      notifySuccess(i18n._('slips.attached'));
    } catch (error) {
      notifyError(serverMessageOf(error) ?? i18n._('toast.somethingWentWrong'));
    } finally {
      setSending(false);
    }
  }

  const shownPlate = isValidVehicleNumber(normaliseVehicleNumber(plate))
    ? normaliseVehicleNumber(plate)
    : '…';
  return (
    <form
      className="card form stack"
      aria-labelledby="slips-attach"
      onSubmit={(event) => void onSubmit(event)}
    >
      <h2 id="slips-attach">{i18n._('slips.attachTitle')}</h2>
      <Field label={i18n._('slips.codeLabel')} hint={i18n._('slips.codeHint')}>
        <input
          className="input slip-code-input"
          name="code"
          defaultValue={scannedCode ? formatSlipCode(scannedCode) : ''}
          autoComplete="off"
          autoCapitalize="characters"
          required
        />
      </Field>
      <Field label={i18n._('vehicles.numberLabel')}>
        <VehicleNumberInput
          look="form"
          required
          value={plate}
          onChange={(event) => setPlate(event.target.value)}
        />
      </Field>
      <Field label={i18n._('slips.noteLabel')}>
        <select
          className="input"
          value={choice}
          onChange={(event) => {
            const picked = event.target.value;
            setChoice(TEMPLATE_KEYS.find((key) => key === picked) ?? OWN_TEXT);
          }}
        >
          {TEMPLATE_KEYS.map((key) => (
            <option key={key} value={key}>
              {templateText(i18n, key, shownPlate)}
            </option>
          ))}
          <option value={OWN_TEXT}>{i18n._('slips.ownText')}</option>
        </select>
      </Field>
      {choice === OWN_TEXT && (
        <Field label={i18n._('slips.textLabel')} hint={i18n._('slips.textHint')}>
          <textarea className="input" name="text" maxLength={SLIP_TEXT_MAX} required />
        </Field>
      )}
      <Button type="submit" variant="primary" disabled={sending}>
        {i18n._('slips.attach')}
      </Button>
      {attached && (
        <p role="status">
          {i18n._('slips.tuckIt')} <Link to="/requests">{i18n._('app.myRequests')}</Link>
        </p>
      )}
    </form>
  );
}

export default function SlipsPage() {
  const { i18n } = useLingui();
  return (
    <div className="stack slips-page">
      <h1>{i18n._('slips.title')}</h1>
      <p className="muted">{i18n._('slips.intro')}</p>
      <PrintSheet />
      <AttachNote />
    </div>
  );
}
