/**
 * SPEC §2 search panel (dashboard and /vehicleSearch): the form, then in its place the results or
 * the not-found view. The results live in ownersAtom so /message can find the chosen vehicle and
 * coming back shows them again.
 */
import { useId, useState, type FormEvent } from 'react';
import { isValidVehicleNumber, normaliseVehicleNumber } from '#common/vehicle-number';
import { Field } from '../../components/field';
import { refuseWhenOffline } from '../../lib/offline-guard';
import { useAtomValue } from '../../lib/store';
import { TOASTS } from '../../lib/texts';
import { notifyError } from '../../lib/toasts';
import { clearOwners, ownersAtom, setOwners } from '../../state/owners';
import { userAtom } from '../../state/user';
import { findVehicleOwners } from './api';
import { SearchResults } from './search-results';
import { VehicleNotFound } from './vehicle-not-found';
import './search.css';

export function SearchPanel() {
  const user = useAtomValue(userAtom);
  const owners = useAtomValue(ownersAtom);
  const [input, setInput] = useState('');
  const [searchedNumber, setSearchedNumber] = useState<string | null>(null);
  const [searching, setSearching] = useState(false);
  const greetingId = useId();

  function showForm() {
    clearOwners();
    setSearchedNumber(null);
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const vehicleNumber = normaliseVehicleNumber(input.trim());
    if (!isValidVehicleNumber(vehicleNumber)) {
      notifyError(TOASTS.invalidVehicleNumber);
      return;
    }
    if (refuseWhenOffline()) return;
    setSearching(true);
    try {
      const found = await findVehicleOwners(vehicleNumber);
      setSearchedNumber(vehicleNumber);
      setOwners(found);
    } catch {
      notifyError(TOASTS.searchFailed);
      showForm();
    } finally {
      setSearching(false);
    }
  }

  if (owners !== null) {
    return owners.length === 0 && searchedNumber !== null ? (
      <VehicleNotFound vehicleNumber={searchedNumber} onTryAgain={showForm} />
    ) : (
      <SearchResults owners={owners} onBack={showForm} />
    );
  }

  return (
    <section className="card search-panel" aria-labelledby={greetingId}>
      <h2 id={greetingId}>Hello, {user?.name ?? 'there'}</h2>
      <p className="muted">Find the owner of a vehicle that is blocking your way.</p>
      <form className="form" onSubmit={(event) => void onSubmit(event)} noValidate>
        <Field label="TYPE VEHICLE NUMBER" hint="For example KL07AB1234">
          <input
            className="input plate-input"
            name="vehicleNumber"
            value={input}
            onChange={(event) => setInput(event.target.value)}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            enterKeyHint="search"
          />
        </Field>
        <button
          type="submit"
          className="button button-primary button-block"
          disabled={searching}
          aria-busy={searching}
        >
          FIND VEHICLE OWNER
        </button>
        <button type="button" className="button button-block">
          TRAFFIC UPDATES
        </button>
      </form>
    </section>
  );
}
