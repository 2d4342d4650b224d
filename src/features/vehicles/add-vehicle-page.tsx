/** /addVehicle (SPEC §2, §5): a new vehicle is checked, saved, added to the list, then /myVehicle. */
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { VEHICLE_NAME_MAX } from '#common/limits';
import { isValidVehicleNumber, normaliseVehicleNumber } from '#common/vehicle-number';
import {
  DEFAULT_VEHICLE_TYPE,
  isVehicleType,
  VEHICLE_TYPE_LABELS,
  VEHICLE_TYPES,
} from '#common/vehicle-types';
import { Field } from '../../components/field';
import { statusOf } from '../../lib/api-client';
import { refuseWhenOffline } from '../../lib/offline-guard';
import { TOASTS } from '../../lib/texts';
import { notifyError } from '../../lib/toasts';
import { addVehicle } from '../../state/vehicles';
import { postVehicle } from './api';
import './vehicles.css';

const DUPLICATE_NUMBER = 'This vehicle number is already registered.';

export default function AddVehiclePage() {
  const navigate = useNavigate();
  const [saving, setSaving] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const type = String(form.get('vehicleType'));
    const vehicleNumber = String(form.get('vehicleNumber') ?? '');
    if (!isValidVehicleNumber(vehicleNumber)) {
      notifyError(TOASTS.invalidFormat);
      return;
    }
    if (refuseWhenOffline()) return;
    setSaving(true);
    try {
      const created = await postVehicle({
        vehicleType: isVehicleType(type) ? type : DEFAULT_VEHICLE_TYPE,
        name: String(form.get('name') ?? '').trim(),
        vehicleNumber: normaliseVehicleNumber(vehicleNumber),
      });
      addVehicle(created);
      void navigate('/myVehicle');
    } catch (error) {
      notifyError(TOASTS.somethingWentWrong);
      if (statusOf(error) === 409) notifyError(DUPLICATE_NUMBER);
      setSaving(false);
    }
  }

  return (
    <div className="vehicles-page">
      <form className="card form add-vehicle-form" onSubmit={(event) => void onSubmit(event)}>
        <h1>Add New Vehicle</h1>
        <Field label="Vehicle type">
          <select className="input" name="vehicleType" defaultValue={DEFAULT_VEHICLE_TYPE}>
            {VEHICLE_TYPES.map((type) => (
              <option key={type} value={type}>
                {VEHICLE_TYPE_LABELS[type]}
              </option>
            ))}
          </select>
        </Field>
        <Field label="Vehicle name" hint="For example Swift or Activa">
          <input className="input" name="name" maxLength={VEHICLE_NAME_MAX} autoComplete="off" required />
        </Field>
        <Field label="Registration number" hint="For example KL07AB1234">
          <input
            className="input vehicle-number-input"
            name="vehicleNumber"
            autoCapitalize="characters"
            autoComplete="off"
            spellCheck={false}
            required
          />
        </Field>
        <button type="submit" className="button button-primary button-block" disabled={saving}>
          Save
        </button>
      </form>
    </div>
  );
}
