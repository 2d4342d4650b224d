/** SPEC §2: the 'Search Results' list that replaces the search form, one card per vehicle found. */
import { useLingui } from '@lingui/react';
import { Link } from 'react-router-dom';
import type { OwnedVehicle } from '#common/api';
import { placeName } from '#common/districts';
import { formatPhone } from '#common/phone-display';
import { NumberPlate } from '../../components/number-plate';
import { OwnershipMark } from '../../components/ownership-mark';
import { VehicleTypeIcon } from '../../components/vehicle-type-icon';
import { activeLanguage } from '../../i18n/i18n';
import { ResultsSection } from './results-section';

interface SearchResultsProps {
  owners: OwnedVehicle[];
  onBack: () => void;
}

export function SearchResults({ owners, onBack }: SearchResultsProps) {
  const { i18n } = useLingui();
  return (
    <ResultsSection title={i18n._('search.resultsTitle')} onBack={onBack}>
      {owners.length === 0 ? (
        <div className="card empty-state">
          <p>
            <strong>{i18n._('search.emptyTitle')}</strong>
          </p>
          <p className="muted">{i18n._('search.emptyHint')}</p>
        </div>
      ) : (
        <ul className="owner-list">
          {owners.map((vehicle) => (
            <li key={vehicle._id}>
              <OwnerCard vehicle={vehicle} />
            </li>
          ))}
        </ul>
      )}
    </ResultsSection>
  );
}

function OwnerCard({ vehicle }: { vehicle: OwnedVehicle }) {
  const { i18n } = useLingui();
  const owner = vehicle.userId;
  const phone = owner.phoneVisible ? owner.phone : undefined;
  return (
    <Link className="owner-card" to={`/message?id=${encodeURIComponent(vehicle._id)}`}>
      <span
        className="owner-card-bar"
        data-active={vehicle.isActive}
        role="img"
        aria-label={vehicle.isActive ? i18n._('search.activeVehicle') : i18n._('search.inactiveVehicle')}
      />
      <span className="owner-card-body">
        <span className="owner-card-heading">
          <strong className="vehicle-type-label">
            <VehicleTypeIcon type={vehicle.vehicleType} />
            {vehicle.name}
          </strong>
          <NumberPlate vehicleNumber={vehicle.vehicleNumber} />
        </span>
        <OwnershipMark vehicle={vehicle} />
        <span>{owner.name}</span>
        {owner.email && <span className="muted">{owner.email}</span>}
        <span className="muted">
          {placeName(owner.location, activeLanguage())}, {placeName(owner.city, activeLanguage())}
        </span>
        {phone && <span>{formatPhone(phone)}</span>}
      </span>
    </Link>
  );
}
