/** SPEC §2: what the panel shows when a search finds no vehicle, and what the miss still offers. */
import { useLingui } from '@lingui/react';
import { useId } from 'react';
import { Button } from '../../components/button';
import { NumberPlate } from '../../components/number-plate';
import { WaitingNoteOffer } from './waiting-note-offer';

interface VehicleNotFoundProps {
  vehicleNumber: string;
  onTryAgain: () => void;
}

export function VehicleNotFound({ vehicleNumber, onTryAgain }: VehicleNotFoundProps) {
  const { i18n } = useLingui();
  const titleId = useId();
  return (
    <div className="stack">
      <section className="card empty-state" aria-labelledby={titleId}>
        <h2 id={titleId}>{i18n._('search.notFoundTitle')}</h2>
        <p>
          <strong>{i18n._('search.notRegistered')}</strong>
        </p>
        <p>
          <NumberPlate vehicleNumber={vehicleNumber} />
        </p>
        <p className="muted">{i18n._('search.notFoundHint')}</p>
        <Button variant="primary" onClick={onTryAgain}>
          {i18n._('search.tryAgain')}
        </Button>
      </section>
      <WaitingNoteOffer vehicleNumber={vehicleNumber} />
    </div>
  );
}
