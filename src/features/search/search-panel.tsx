/**
 * SPEC §2 search panel (dashboard and /vehicleSearch): the form, then in its place the results or
 * the not-found view. The results live in ownersAtom so /message can find the chosen vehicle; the
 * panel opens on an empty form, with the last results one tap away.
 */
import { useLingui } from '@lingui/react';
import { lazy, Suspense, useId, useState, type FormEvent } from 'react';
import { isValidVehicleNumber, normaliseVehicleNumber } from '#common/vehicle-number';
import { Button } from '../../components/button';
import { Field } from '../../components/field';
import { VehicleNumberInput } from '../../components/vehicle-number-input';
import { SearchIcon } from '../../components/icons';
import { isNetworkError } from '../../lib/api-client';
import { refuseWhenOffline } from '../../lib/offline-guard';
import { useAtomValue } from '../../lib/store';
import { notifyError } from '../../lib/toasts';
import { clearOwners, ownersAtom, setOwners } from '../../state/owners';
import { userAtom } from '../../state/user';
import { findVehicleOwners } from './api';
import { SearchResults } from './search-results';
import { TrafficUpdates } from './traffic-updates';
import { VehicleNotFound } from './vehicle-not-found';
import './search.css';

const ScanCardModal = lazy(() => import('./scan-card/scan-card-modal'));

export function SearchPanel() {
  const { i18n } = useLingui();
  const user = useAtomValue(userAtom);
  const owners = useAtomValue(ownersAtom);
  const [input, setInput] = useState('');
  const [searchedNumber, setSearchedNumber] = useState<string | null>(null);
  const [searching, setSearching] = useState(false);
  const [scanning, setScanning] = useState(false);
  const [plateRefused, setPlateRefused] = useState(false);
  const [unreachable, setUnreachable] = useState(false);
  const [showingUpdates, setShowingUpdates] = useState(false);
  const [showingResults, setShowingResults] = useState(false);
  const greetingId = useId();

  function showForm() {
    clearOwners();
    setSearchedNumber(null);
    setShowingResults(false);
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const vehicleNumber = normaliseVehicleNumber(input.trim());
    if (!isValidVehicleNumber(vehicleNumber)) {
      notifyError(i18n._('toast.invalidVehicleNumber'));
      setPlateRefused(true);
      return;
    }
    await search(vehicleNumber);
  }

  /** The owners of `vehicleNumber` (typed, or read from a windscreen card) in place of the form. */
  async function search(vehicleNumber: string) {
    if (refuseWhenOffline()) return;
    setSearching(true);
    setUnreachable(false);
    try {
      const found = await findVehicleOwners(vehicleNumber);
      setSearchedNumber(vehicleNumber);
      setOwners(found);
      setShowingResults(true);
    } catch (error) {
      notifyError(i18n._('toast.searchFailed'));
      setUnreachable(isNetworkError(error));
      showForm();
    } finally {
      setSearching(false);
    }
  }

  if (showingUpdates) return <TrafficUpdates onBack={() => setShowingUpdates(false)} />;

  if (owners !== null && showingResults) {
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
        <Field
          label={i18n._('search.numberLabel')}
          hint={i18n._('search.numberHint')}
          error={plateRefused ? i18n._('vehicles.plateForms') : undefined}
        >
          <VehicleNumberInput
            look="plate"
            value={input}
            onChange={(event) => {
              setInput(event.target.value);
              setPlateRefused(false);
            }}
            enterKeyHint="search"
          />
        </Field>
        {owners && owners.length > 0 && (
          <Button block onClick={() => setShowingResults(true)}>
            {i18n._('search.lastResults', { vehicleNumber: owners[0]?.vehicleNumber.toUpperCase() ?? '' })}
          </Button>
        )}
        {unreachable && (
          <p className="search-unreachable" role="alert">
            {i18n._('search.unreachable')}
          </p>
        )}
        <Button type="submit" variant="primary" block busy={searching}>
          <SearchIcon aria-hidden="true" />
          {i18n._('search.submit')}
        </Button>
        <Button block disabled={searching} onClick={() => setScanning(true)}>
          {i18n._('search.scanCard')}
        </Button>
        <Button block onClick={() => setShowingUpdates(true)}>
          {i18n._('search.trafficUpdates')}
        </Button>
      </form>
      {scanning && (
        <Suspense fallback={null}>
          <ScanCardModal
            onFound={(vehicleNumber) => {
              setScanning(false);
              void search(normaliseVehicleNumber(vehicleNumber));
            }}
            onClose={() => setScanning(false)}
          />
        </Suspense>
      )}
    </section>
  );
}
