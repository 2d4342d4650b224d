import type { I18n } from '@lingui/core';
import { useLingui } from '@lingui/react';
import type { Vehicle } from '#common/api';

/** How sure the service is that this registration is the vehicle's owner, in the words a resident reads. */
function ownershipLabel(i18n: I18n, vehicle: Pick<Vehicle, 'verified' | 'household'>): string {
  if (vehicle.verified) return i18n._('ownership.verified');
  if (vehicle.household) return i18n._('ownership.household');
  return i18n._('ownership.unverified');
}

/** The mark on a registration: verified owner, household member of one, or not verified. */
export function OwnershipMark({ vehicle }: { vehicle: Pick<Vehicle, 'verified' | 'household'> }) {
  const { i18n } = useLingui();
  const kind = vehicle.verified ? 'verified' : vehicle.household ? 'household' : 'unverified';
  return (
    <span className="ownership-mark" data-kind={kind}>
      {ownershipLabel(i18n, vehicle)}
    </span>
  );
}
