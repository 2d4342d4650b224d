/** SPEC §2 User Details: the number stays masked unless the eye is on and the owner shows it. */
import { useLingui } from '@lingui/react';
import { useState } from 'react';
import type { VehicleOwner } from '#common/api';
import { formatPhone } from '#common/phone-display';
import { HideIcon, ShowIcon } from '../../components/icons';

const MASKED_PHONE = '**********';

export function OwnerDetails({ owner }: { owner: VehicleOwner }) {
  const { i18n } = useLingui();
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
          <span className="visually-hidden">{i18n._('contact.phoneLabel')} </span>
          <span data-testid="owner-phone">{phone ? formatPhone(phone) : MASKED_PHONE}</span>
          <button
            type="button"
            className="icon-button"
            aria-label={i18n._('contact.showPhone')}
            aria-pressed={eyeOn}
            onClick={() => setEyeOn((on) => !on)}
          >
            {eyeOn ? <ShowIcon aria-hidden="true" /> : <HideIcon aria-hidden="true" />}
          </button>
        </p>
        {eyeOn && !phone && <p className="muted">{i18n._('contact.phonePrivate')}</p>}
      </div>
    </div>
  );
}
