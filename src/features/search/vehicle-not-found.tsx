/** SPEC §2: what the panel shows when a search finds no vehicle. */
import { useId } from 'react';

interface VehicleNotFoundProps {
  vehicleNumber: string;
  onTryAgain: () => void;
}

export function VehicleNotFound({ vehicleNumber, onTryAgain }: VehicleNotFoundProps) {
  const titleId = useId();
  return (
    <section className="card empty-state" aria-labelledby={titleId}>
      <h2 id={titleId}>No Vehicle Found</h2>
      <p>
        <strong>Vehicle Not Registered</strong>
      </p>
      <p className="plate">{vehicleNumber.toUpperCase()}</p>
      <p className="muted">
        The vehicle you&apos;re looking for might not be registered in our system. Please verify the number
        and try again.
      </p>
      <button type="button" className="button button-primary" onClick={onTryAgain}>
        Try Another Search
      </button>
    </section>
  );
}
