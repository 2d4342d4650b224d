/**
 * SPEC §2 Call User: a `tel:` link when the owner shows their phone; otherwise a masked call through
 * Vahan Contact when the owner can take one, or why not in plain words.
 */
import { useLingui } from '@lingui/react';
import { useState } from 'react';
import type { OwnedVehicle } from '#common/api';
import { formatPhone } from '#common/phone-display';
import { Button } from '../../components/button';
import { CallIcon } from '../../components/icons';
import { serverMessageOf } from '../../lib/api-client';
import { refuseWhenOffline } from '../../lib/offline-guard';
import { callOwner } from './api';

export function CallUser({ vehicle }: { vehicle: OwnedVehicle }) {
  const { i18n } = useLingui();
  const owner = vehicle.userId;
  const phone = owner.phoneVisible ? owner.phone : undefined;
  if (phone) {
    return (
      <div className="stack">
        <p>
          {i18n._('contact.ownerPhone')} <strong>{formatPhone(phone)}</strong>
        </p>
        <a className="button button-primary button-block" href={`tel:${phone}`}>
          <CallIcon aria-hidden="true" />
          {i18n._('contact.callNow')}
        </a>
      </div>
    );
  }
  const { maskedCall } = owner;
  return (
    <div className="stack">
      <p>{i18n._('contact.noPublicPhone')}</p>
      {maskedCall.available ? (
        <MaskedCall vehicleId={vehicle._id} />
      ) : (
        <>
          <p className="call-unavailable">{maskedCall.reason}</p>
          <Button block aria-disabled="true" onClick={() => window.alert(i18n._('contact.noPhoneAvailable'))}>
            <CallIcon aria-hidden="true" />
            {i18n._('contact.callNow')}
          </Button>
        </>
      )}
    </div>
  );
}

interface Outcome {
  ok: boolean;
  text: string;
}

function MaskedCall({ vehicleId }: { vehicleId: string }) {
  const { i18n } = useLingui();
  const [placing, setPlacing] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  async function place() {
    if (refuseWhenOffline()) return;
    setPlacing(true);
    setOutcome(null);
    try {
      const { message } = await callOwner({ vehicleId });
      setOutcome({ ok: true, text: message });
    } catch (error) {
      setOutcome({
        ok: false,
        text: serverMessageOf(error) ?? i18n._('contact.callFailed'),
      });
    } finally {
      setPlacing(false);
    }
  }

  return (
    <>
      <p className="muted">{i18n._('contact.maskedCallHowItWorks')}</p>
      <Button variant="primary" block disabled={placing || outcome?.ok === true} onClick={() => void place()}>
        <CallIcon aria-hidden="true" />
        {i18n._('contact.maskedCallAction')}
      </Button>
      <p className="notification-outcome" data-ok={outcome?.ok} role="status">
        {outcome?.text}
      </p>
    </>
  );
}
