/** SPEC §2 User Details: the number stays masked unless the eye is on and the owner shows it. */
import { useState } from 'react';
import type { VehicleOwner } from '#common/api';

const MASKED_PHONE = '**********';

export function OwnerDetails({ owner }: { owner: VehicleOwner }) {
  const [eyeOn, setEyeOn] = useState(false);
  const phone = eyeOn && owner.phoneVisible ? owner.phone : undefined;
  return (
    <div className="owner-details">
      <span className="owner-avatar" aria-hidden="true">
        {owner.name.trim().charAt(0).toUpperCase()}
      </span>
      <div className="owner-details-text">
        <h2>{owner.name}</h2>
        <p className="owner-phone">
          <span className="visually-hidden">Phone: </span>
          <span data-testid="owner-phone">{phone ?? MASKED_PHONE}</span>
          <button
            type="button"
            className="icon-button"
            aria-label="Show phone number"
            aria-pressed={eyeOn}
            onClick={() => setEyeOn((on) => !on)}
          >
            <EyeIcon crossed={!eyeOn} />
          </button>
        </p>
        {eyeOn && !phone && <p className="muted">This owner keeps their number private.</p>}
      </div>
    </div>
  );
}

function EyeIcon({ crossed }: { crossed: boolean }) {
  return (
    <svg width="24" height="24" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2">
      <path d="M2 12s3.5-7 10-7 10 7 10 7-3.5 7-10 7S2 12 2 12Z" />
      <circle cx="12" cy="12" r="3" />
      {crossed && <path d="M3 3l18 18" />}
    </svg>
  );
}
