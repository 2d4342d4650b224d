/**
 * /myVehicle (SPEC §2): the stored list renders at once and is refreshed from the server; a
 * vehicle opens the edit modal.
 */
import { useLingui } from '@lingui/react';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type { Vehicle } from '#common/api';
import { vehicleTypeLabel } from '#common/vehicle-type-label';
import { Button } from '../../components/button';
import { AddIcon } from '../../components/icons';
import { NumberPlate } from '../../components/number-plate';
import { OwnershipMark } from '../../components/ownership-mark';
import { Spinner } from '../../components/spinner';
import { VehicleTypeIcon } from '../../components/vehicle-type-icon';
import { isOffline } from '../../lib/network';
import { useAtomValue } from '../../lib/store';
import { notifyError } from '../../lib/toasts';
import { setVehicles, vehiclesAtom } from '../../state/vehicles';
import { fetchMyVehicles } from './api';
import { EditVehicleModal } from './edit-vehicle-modal';
import { OtherRegistrants } from './other-registrants';
import { VerifyOwnership } from './verify-ownership';
import './vehicles.css';

const WindscreenCardModal = lazy(() => import('./windscreen-card/windscreen-card-modal'));

export default function MyVehiclesPage() {
  const { i18n } = useLingui();
  const navigate = useNavigate();
  const vehicles = useAtomValue(vehiclesAtom);
  const [offline] = useState(isOffline);
  const [loading, setLoading] = useState(!offline);
  const [editing, setEditing] = useState<Vehicle | null>(null);
  const [carded, setCarded] = useState<Vehicle | null>(null);

  useEffect(() => {
    if (offline) return;
    // A late answer after leaving the page (or signing out) must not overwrite the store.
    let current = true;
    fetchMyVehicles()
      .then((list) => {
        if (current) setVehicles(list);
      })
      .catch(() => {
        if (current) notifyError(i18n._('toast.failedToFetchVehicles'));
      })
      .finally(() => {
        if (current) setLoading(false);
      });
    return () => {
      current = false;
    };
  }, [offline, i18n]);

  return (
    <div className="vehicles-page">
      <div className="vehicles-header">
        <h1>{i18n._('vehicles.title')}</h1>
        <Button variant="primary" onClick={() => void navigate('/addVehicle')}>
          <AddIcon aria-hidden="true" />
          {i18n._('vehicles.addNew')}
        </Button>
      </div>
      {offline && <p className="muted">{i18n._('vehicles.offlineList')}</p>}
      {vehicles.length > 0 ? (
        <ul className="vehicle-list">
          {vehicles.map((vehicle) => (
            <li key={vehicle._id}>
              <button type="button" className="vehicle-item" onClick={() => setEditing(vehicle)}>
                <span className="vehicle-item-name">{vehicle.name}</span>
                <span className="muted vehicle-type-label vehicle-item-type">
                  <VehicleTypeIcon type={vehicle.vehicleType} size={20} />
                  {vehicleTypeLabel(i18n, vehicle.vehicleType)}
                </span>
                <span className="vehicle-item-number">
                  <NumberPlate vehicleNumber={vehicle.vehicleNumber} />
                </span>
              </button>
              <div className="vehicle-ownership">
                <OwnershipMark vehicle={vehicle} />
                {vehicle.proofExpired && <p className="muted">{i18n._('vehicles.proofExpired')}</p>}
                {!offline && <Button onClick={() => setCarded(vehicle)}>{i18n._('cards.open')}</Button>}
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
        <Spinner label={i18n._('vehicles.loading')} />
      ) : (
        <div className="card empty-state">
          <h2>{i18n._('vehicles.emptyTitle')}</h2>
          <p className="muted">{i18n._('vehicles.emptyHint')}</p>
        </div>
      )}
      {editing && <EditVehicleModal vehicle={editing} onClose={() => setEditing(null)} />}
      {carded && (
        <Suspense fallback={<Spinner label={i18n._('cards.loading')} />}>
          <WindscreenCardModal vehicle={carded} onClose={() => setCarded(null)} />
        </Suspense>
      )}
    </div>
  );
}
