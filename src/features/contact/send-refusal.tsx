/**
 * Why a send to an owner was refused, in words, and what to do: a limit says when to try again (from
 * the server's Retry-After) and offers the call where one can go; a block or a pause says so plainly;
 * an owner or vehicle that is gone (404) is said so, and the person is taken back to search.
 */
import type { I18n } from '@lingui/core';
import { useLingui } from '@lingui/react';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type { OwnedVehicle } from '#common/api';
import { Button } from '../../components/button';
import { CallIcon } from '../../components/icons';
import { retryAfterOf, serverMessageOf, statusOf } from '../../lib/api-client';
import { notifyWarning } from '../../lib/toasts';

export interface Refusal {
  text: string;
  /** A call can go to the owner in the send's place. */
  offerCall: boolean;
}

/** A call is possible when the owner shows their phone or can take a masked call now. */
function canCall(vehicle: OwnedVehicle): boolean {
  const owner = vehicle.userId;
  return Boolean(owner.phoneVisible && owner.phone) || owner.maskedCall.available;
}

/** "Try again in …", in the largest whole unit that fits the wait. */
function tryAgainText(i18n: I18n, seconds: number): string {
  if (seconds < 60) return i18n._('contact.tryAgainInSeconds', { seconds });
  const minutes = Math.ceil(seconds / 60);
  if (minutes < 60) return i18n._('contact.tryAgainInMinutes', { minutes });
  return i18n._('contact.tryAgainInHours', { hours: Math.ceil(minutes / 60) });
}

/** The refusal of a limit or a block in words; null for any other failure (the SPEC's text says it). */
export function refusalOf(i18n: I18n, error: unknown, vehicle: OwnedVehicle): Refusal | null {
  const status = statusOf(error);
  const reason = serverMessageOf(error);
  if (status === 429) {
    const wait = retryAfterOf(error);
    const text = [
      reason ?? i18n._('contact.refusedLimit'),
      wait === undefined ? '' : tryAgainText(i18n, wait),
    ];
    return { text: text.filter(Boolean).join(' '), offerCall: canCall(vehicle) };
  }
  if (status === 403) return { text: reason ?? i18n._('contact.refusedBlocked'), offerCall: false };
  return null;
}

/**
 * The refusal state of one send form: `refuse` takes the failure; an owner who is gone is announced
 * and the person taken back to search, so the form is left.
 */
export function useSendRefusal(vehicle: OwnedVehicle) {
  const { i18n } = useLingui();
  const navigate = useNavigate();
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  function refuse(error: unknown): void {
    if (statusOf(error) === 404) {
      notifyWarning(i18n._('contact.ownerGone'));
      void navigate('/vehicleSearch', { replace: true });
      return;
    }
    setRefusal(refusalOf(i18n, error, vehicle));
  }
  return { refusal, refuse, clear: () => setRefusal(null) };
}

export function SendRefusalNote({ refusal, onCall }: { refusal: Refusal; onCall: () => void }) {
  const { i18n } = useLingui();
  return (
    <div className="send-refusal" role="alert">
      <p>{refusal.text}</p>
      {refusal.offerCall && (
        <Button block onClick={onCall}>
          <CallIcon aria-hidden="true" />
          {i18n._('contact.callInstead')}
        </Button>
      )}
    </div>
  );
}
