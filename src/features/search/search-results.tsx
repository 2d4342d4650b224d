/** SPEC §2: the 'Search Results' list that replaces the search form, one card per vehicle found. */
import { useId } from 'react';
import { Link } from 'react-router-dom';
import type { OwnedVehicle } from '#common/api';
import { OwnershipMark } from '../../components/ownership-mark';

interface SearchResultsProps {
  owners: OwnedVehicle[];
  onBack: () => void;
}

export function SearchResults({ owners, onBack }: SearchResultsProps) {
  const titleId = useId();
  return (
    <section className="search-results" aria-labelledby={titleId}>
      <div className="search-results-header">
        <h2 id={titleId}>Search Results</h2>
        <button type="button" className="button" onClick={onBack}>
          Back
        </button>
      </div>
      {owners.length === 0 ? (
        <div className="card empty-state">
          <p>
            <strong>No vehicles found</strong>
          </p>
          <p className="muted">Try searching with a different vehicle number</p>
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
    </section>
  );
}

function OwnerCard({ vehicle }: { vehicle: OwnedVehicle }) {
  const owner = vehicle.userId;
  const phone = owner.phoneVisible ? owner.phone : undefined;
  return (
    <Link className="owner-card" to={`/message?id=${encodeURIComponent(vehicle._id)}`}>
      <span
        className="owner-card-bar"
        data-active={vehicle.isActive}
        role="img"
        aria-label={vehicle.isActive ? 'Active vehicle' : 'Inactive vehicle'}
      />
      <span className="owner-card-body">
        <span className="owner-card-heading">
          <strong>{vehicle.name}</strong>
          <span className="plate">{vehicle.vehicleNumber.toUpperCase()}</span>
        </span>
        <OwnershipMark vehicle={vehicle} />
        <span>{owner.name}</span>
        {owner.email && <span className="muted">{owner.email}</span>}
        <span className="muted">
          {owner.location}, {owner.city}
        </span>
        {phone && <span>{phone}</span>}
      </span>
    </Link>
  );
}
