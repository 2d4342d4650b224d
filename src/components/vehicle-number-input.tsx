/** The one text box for a registration number (search, add and edit a vehicle): typed in capitals, never autocompleted or spell-checked. */
import type { InputHTMLAttributes } from 'react';

type VehicleNumberInputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'name' | 'className'> & {
  /** The look: the search's plate, or the forms' box. */
  look: 'plate' | 'form';
};

export function VehicleNumberInput({ look, ...props }: VehicleNumberInputProps) {
  return (
    <input
      className={look === 'plate' ? 'input plate-input' : 'input vehicle-number-input'}
      name="vehicleNumber"
      autoCapitalize="characters"
      autoComplete="off"
      spellCheck={false}
      {...props}
    />
  );
}
