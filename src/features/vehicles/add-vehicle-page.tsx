/** /addVehicle (SPEC §2, §5): a new vehicle is checked, saved, added to the list, then /myVehicle. */
import { useLingui } from '@lingui/react';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { VEHICLE_NAME_MAX } from '#common/limits';
import { isValidVehicleNumber, normaliseVehicleNumber } from '#common/vehicle-number';
import { DEFAULT_VEHICLE_TYPE, isVehicleType, VEHICLE_TYPES } from '#common/vehicle-types';
import { vehicleTypeLabel } from '#common/vehicle-type-label';
import { Button } from '../../components/button';
import { Field } from '../../components/field';
import { VehicleNumberInput } from '../../components/vehicle-number-input';
import { VehicleTypeIcon } from '../../components/vehicle-type-icon';
import { statusOf } from '../../lib/api-client';
import { refuseWhenOffline } from '../../lib/offline-guard';
import { notifyError } from '../../lib/toasts';
import { addVehicle } from '../../state/vehicles';
import { postVehicle } from './api';
import './vehicles.css';

export default function AddVehiclePage() {
  const { i18n } = useLingui();
  const navigate = useNavigate();
  const [saving, setSaving] = useState(false);
  const [type, setType] = useState(DEFAULT_VEHICLE_TYPE);
  const [plateRefused, setPlateRefused] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const vehicleNumber = String(form.get('vehicleNumber') ?? '');
    if (!isValidVehicleNumber(vehicleNumber)) {
      notifyError(i18n._('toast.invalidFormat'));
      setPlateRefused(true);
      return;
    }
    if (refuseWhenOffline()) return;
    setSaving(true);
    try {
      const created = await postVehicle({
        vehicleType: type,
        name: String(form.get('name') ?? '').trim(),
        vehicleNumber: normaliseVehicleNumber(vehicleNumber),
      });
      addVehicle(created);
      void navigate('/myVehicle');
    } catch (error) {
      notifyError(i18n._('toast.somethingWentWrong'));
      if (statusOf(error) === 409) notifyError(i18n._('vehicles.duplicateNumber'));
      setSaving(false);
    }
  }

  return (
    <div className="vehicles-page">
      <form className="card form add-vehicle-form" onSubmit={(event) => void onSubmit(event)}>
        <h1>{i18n._('vehicles.addTitle')}</h1>
        <div className="vehicle-type-choice">
          <span className="vehicle-type-picture">
            <VehicleTypeIcon type={type} size={32} />
          </span>
          <Field label={i18n._('vehicles.typeLabel')}>
            <select
              className="input"
              name="vehicleType"
              value={type}
              onChange={(event) => {
                if (isVehicleType(event.target.value)) setType(event.target.value);
              }}
            >
              {VEHICLE_TYPES.map((choice) => (
                <option key={choice} value={choice}>
                  {vehicleTypeLabel(i18n, choice)}
                </option>
              ))}
            </select>
          </Field>
        </div>
        <Field label={i18n._('vehicles.nameLabel')} hint={i18n._('vehicles.nameHint')}>
          <input className="input" name="name" maxLength={VEHICLE_NAME_MAX} autoComplete="off" required />
        </Field>
        <Field
          label={i18n._('vehicles.numberLabel')}
          hint={i18n._('vehicles.numberHint')}
          error={plateRefused ? i18n._('vehicles.plateForms') : undefined}
        >
          <VehicleNumberInput look="form" required onInput={() => setPlateRefused(false)} />
        </Field>
        <Button type="submit" variant="primary" block disabled={saving}>
          {i18n._('vehicles.save')}
        </Button>
      </form>
    </div>
  );
}
