/**
 * SPEC §2 search panel (dashboard and /vehicleSearch): the form, then in its place the results or
 * the not-found view. The results live in ownersAtom so /message can find the chosen vehicle and
 * coming back shows them again.
 */
import { useLingui } from '@lingui/react';
import { useId, useState, type FormEvent } from 'react';
import { isValidVehicleNumber, normaliseVehicleNumber } from '#common/vehicle-number';
import { Field } from '../../components/field';
import { SearchIcon } from '../../components/icons';
import { refuseWhenOffline } from '../../lib/offline-guard';
import { useAtomValue } from '../../lib/store';
import { notifyError } from '../../lib/toasts';
import { clearOwners, ownersAtom, setOwners } from '../../state/owners';
import { userAtom } from '../../state/user';
import { findVehicleOwners } from './api';
import { SearchResults } from './search-results';
import { VehicleNotFound } from './vehicle-not-found';
import './search.css';

export function SearchPanel() {
  const { i18n } = useLingui();
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
      notifyError(i18n._('toast.invalidVehicleNumber'));
      return;
    }
    if (refuseWhenOffline()) return;
    setSearching(true);
    try {
      const found = await findVehicleOwners(vehicleNumber);
      setSearchedNumber(vehicleNumber);
      setOwners(found);
    } catch {
      notifyError(i18n._('toast.searchFailed'));
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
      <h2 id={greetingId}>
        {user ? i18n._('search.greeting', { name: user.name }) : i18n._('search.greetingNoName')}
      </h2>
      <p className="muted">{i18n._('search.intro')}</p>
      <form className="form" onSubmit={(event) => void onSubmit(event)} noValidate>
        <Field label={i18n._('search.numberLabel')} hint={i18n._('search.numberHint')}>
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
          <SearchIcon aria-hidden="true" />
          {i18n._('search.submit')}
        </button>
        <button type="button" className="button button-block">
          {i18n._('search.trafficUpdates')}
        </button>
      </form>
    </section>
  );
}
