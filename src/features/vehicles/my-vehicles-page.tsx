/**
 * /myVehicle (SPEC §2): the stored list renders at once and is refreshed from the server; a
 * vehicle opens the edit modal.
 */
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type { Vehicle } from '#common/api';
import { VEHICLE_TYPE_LABELS } from '#common/vehicle-types';
import { OwnershipMark } from '../../components/ownership-mark';
import { Spinner } from '../../components/spinner';
import { isOffline } from '../../lib/api-client';
import { useAtomValue } from '../../lib/store';
import { TOASTS } from '../../lib/texts';
import { notifyError } from '../../lib/toasts';
import { setVehicles, vehiclesAtom } from '../../state/vehicles';
import { fetchMyVehicles } from './api';
import { EditVehicleModal } from './edit-vehicle-modal';
import { OtherRegistrants } from './other-registrants';
import { VerifyOwnership } from './verify-ownership';
import './vehicles.css';

export default function MyVehiclesPage() {
  const navigate = useNavigate();
  const vehicles = useAtomValue(vehiclesAtom);
  const [offline] = useState(isOffline);
  const [loading, setLoading] = useState(!offline);
  const [editing, setEditing] = useState<Vehicle | null>(null);

  useEffect(() => {
    if (offline) return;
    // A late answer after leaving the page (or signing out) must not overwrite the store.
    let current = true;
    fetchMyVehicles()
      .then((list) => {
        if (current) setVehicles(list);
      })
      .catch(() => {
        if (current) notifyError(TOASTS.failedToFetchVehicles);
      })
      .finally(() => {
        if (current) setLoading(false);
      });
    return () => {
      current = false;
    };
  }, [offline]);

  return (
    <div className="vehicles-page">
      <div className="vehicles-header">
        <h1>My Vehicles</h1>
        <button type="button" className="button button-primary" onClick={() => void navigate('/addVehicle')}>
          ADD NEW VEHICLE
        </button>
      </div>
      {offline && <p className="muted">You are offline: these are the vehicles saved on this device.</p>}
      {vehicles.length > 0 ? (
        <ul className="vehicle-list">
          {vehicles.map((vehicle) => (
            <li key={vehicle._id}>
              <button type="button" className="vehicle-item" onClick={() => setEditing(vehicle)}>
                <span className="vehicle-item-name">{vehicle.name}</span>
                <span className="muted">{VEHICLE_TYPE_LABELS[vehicle.vehicleType]}</span>
                <span className="vehicle-item-number">{vehicle.vehicleNumber.toUpperCase()}</span>
              </button>
              <div className="vehicle-ownership">
                <OwnershipMark vehicle={vehicle} />
                {vehicle.verified ? (
                  <OtherRegistrants vehicleId={vehicle._id} />
                ) : (
                  !offline && <VerifyOwnership vehicle={vehicle} />
                )}
              </div>
            </li>
          ))}
        </ul>
      ) : loading ? (
        <Spinner label="Loading vehicles" />
      ) : (
        <div className="card empty-state">
          <h2>No Vehicles Found</h2>
          <p className="muted">
            You haven&apos;t added any vehicles yet. Start by adding your first vehicle!
          </p>
        </div>
      )}
      {editing && <EditVehicleModal vehicle={editing} onClose={() => setEditing(null)} />}
    </div>
  );
}
