/** SPEC §2, §4 vehicle edit: Save changes updates, Delete removes, and the modal closes afterwards. */
import { useLingui } from '@lingui/react';
import { useState, type FormEvent } from 'react';
import type { Vehicle } from '#common/api';
import { VEHICLE_NAME_MAX } from '#common/limits';
import { isValidVehicleNumber, normaliseVehicleNumber } from '#common/vehicle-number';
import { Button } from '../../components/button';
import { Field } from '../../components/field';
import { VehicleNumberInput } from '../../components/vehicle-number-input';
import { Modal } from '../../components/modal';
import { TextField } from '../../components/text-field';
import { NumberPlate } from '../../components/number-plate';
import { refuseWhenOffline } from '../../lib/offline-guard';
import { notifyWarning } from '../../lib/toasts';
import { removeVehicle, updateVehicle } from '../../state/vehicles';
import { deleteVehicle, patchVehicle } from './api';

interface EditVehicleModalProps {
  vehicle: Vehicle;
  onClose: () => void;
}

export function EditVehicleModal({ vehicle, onClose }: EditVehicleModalProps) {
  const { i18n } = useLingui();
  const [name, setName] = useState(vehicle.name);
  const [vehicleNumber, setVehicleNumber] = useState(vehicle.vehicleNumber);
  const [busy, setBusy] = useState(false);
  const [plateRefused, setPlateRefused] = useState(false);

  /** Runs a change unless offline; the modal closes once it has been tried. */
  async function attempt(change: () => Promise<void>) {
    if (refuseWhenOffline()) return;
    setBusy(true);
    await change();
    onClose();
  }

  function onSave(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // A number the server would refuse stays open with the form expected beside it.
    if (!isValidVehicleNumber(vehicleNumber)) {
      notifyWarning(i18n._('toast.failedToUpdate'));
      setPlateRefused(true);
      return;
    }
    void attempt(async () => {
      try {
        const updated = await patchVehicle({
          id: vehicle._id,
          name: name.trim(),
          vehicleNumber: normaliseVehicleNumber(vehicleNumber),
        });
        updateVehicle({ ...updated, _id: vehicle._id });
      } catch {
        notifyWarning(i18n._('toast.failedToUpdate'));
      }
    });
  }

  function onDelete() {
    void attempt(async () => {
      const deleted = await deleteVehicle(vehicle._id);
      if (deleted) removeVehicle(vehicle._id);
      else notifyWarning(i18n._('toast.failedToDelete'));
    });
  }

  return (
    <Modal title={i18n._('vehicles.editTitle')} onClose={onClose}>
      <form className="form" onSubmit={onSave}>
        <NumberPlate vehicleNumber={vehicle.vehicleNumber} />
        <TextField
          label={i18n._('vehicles.editName')}
          name="name"
          value={name}
          onValueChange={setName}
          maxLength={VEHICLE_NAME_MAX}
          required
        />
        <Field
          label={i18n._('vehicles.editNumber')}
          error={plateRefused ? i18n._('vehicles.plateForms') : undefined}
        >
          <VehicleNumberInput
            look="form"
            value={vehicleNumber}
            onChange={(event) => {
              setVehicleNumber(event.target.value);
              setPlateRefused(false);
            }}
            required
          />
        </Field>
        <div className="edit-vehicle-actions">
          <Button variant="danger" disabled={busy} onClick={onDelete}>
            {i18n._('vehicles.delete')}
          </Button>
          <Button onClick={onClose}>{i18n._('vehicles.cancel')}</Button>
          <Button type="submit" variant="primary" disabled={busy}>
            {i18n._('vehicles.saveChanges')}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
