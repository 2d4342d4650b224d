/**
 * SPEC §2 Call User: a `tel:` link when the owner shows their phone; otherwise a masked call through
 * Vahan Contact when the owner can take one, or why not in plain words.
 */
import { useState } from 'react';
import type { OwnedVehicle } from '#common/api';
import { MASKED_CALL_TEXTS } from '#common/masked-call';
import { isOffline, serverMessageOf } from '../../lib/api-client';
import { CONTACT_TEXTS, OFFLINE_TEXT } from '../../lib/texts';
import { callOwner } from './api';

export function CallUser({ vehicle }: { vehicle: OwnedVehicle }) {
  const owner = vehicle.userId;
  const phone = owner.phoneVisible ? owner.phone : undefined;
  if (phone) {
    return (
      <div className="stack">
        <p>
          Owner&apos;s phone: <strong>{phone}</strong>
        </p>
        <a className="button button-primary button-block" href={`tel:${phone}`}>
          Call now
        </a>
      </div>
    );
  }
  const { maskedCall } = owner;
  return (
    <div className="stack">
      <p>{CONTACT_TEXTS.noPublicPhone}</p>
      {maskedCall.available ? (
        <MaskedCall vehicleId={vehicle._id} />
      ) : (
        <>
          <p className="call-unavailable">{maskedCall.reason}</p>
          <button
            type="button"
            className="button button-block"
            aria-disabled="true"
            onClick={() => window.alert(CONTACT_TEXTS.noPhoneAvailable)}
          >
            Call now
          </button>
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
  const [placing, setPlacing] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  async function place() {
    if (isOffline()) {
      setOutcome({ ok: false, text: OFFLINE_TEXT });
      return;
    }
    setPlacing(true);
    setOutcome(null);
    try {
      const { message } = await callOwner({ vehicleId });
      setOutcome({ ok: true, text: message });
    } catch (error) {
      setOutcome({
        ok: false,
        text: serverMessageOf(error) ?? 'The call could not be placed. Please try again.',
      });
    } finally {
      setPlacing(false);
    }
  }

  return (
    <>
      <p className="muted">{MASKED_CALL_TEXTS.howItWorks}</p>
      <button
        type="button"
        className="button button-primary button-block"
        disabled={placing || outcome?.ok === true}
        onClick={() => void place()}
      >
        {MASKED_CALL_TEXTS.action}
      </button>
      <p className="notification-outcome" data-ok={outcome?.ok} role="status">
        {outcome?.text}
      </p>
    </>
  );
}
