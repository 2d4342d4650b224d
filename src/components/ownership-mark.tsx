import type { Vehicle } from '#common/api';

/** How sure the service is that this registration is the vehicle's owner, in the words a resident reads. */
function ownershipLabel(vehicle: Pick<Vehicle, 'verified' | 'household'>): string {
  if (vehicle.verified) return 'Verified owner';
  if (vehicle.household) return 'Household';
  return 'Not verified';
}

/** The mark on a registration: verified owner, household member of one, or not verified. */
export function OwnershipMark({ vehicle }: { vehicle: Pick<Vehicle, 'verified' | 'household'> }) {
  const kind = vehicle.verified ? 'verified' : vehicle.household ? 'household' : 'unverified';
  return (
    <span className="ownership-mark" data-kind={kind}>
      {ownershipLabel(vehicle)}
    </span>
  );
}
