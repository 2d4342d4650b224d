/** Issue 12: "Verify ownership" on an unverified vehicle, against the last characters printed on its RC. */
import { useId, useState, type FormEvent } from 'react';
import type { Vehicle } from '#common/api';
import { serverMessageOf } from '../../lib/api-client';
import { updateVehicle } from '../../state/vehicles';
import { postVerifyVehicle } from './api';

const NOT_VERIFIED = 'Verification failed. Please try again.';

export function VerifyOwnership({ vehicle }: { vehicle: Vehicle }) {
  const formId = useId();
  const [open, setOpen] = useState(false);
  const [chassisLast5, setChassis] = useState('');
  const [engineLast5, setEngine] = useState('');
  const [sending, setSending] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setSending(true);
    setProblem(null);
    try {
      updateVehicle(await postVerifyVehicle({ id: vehicle._id, chassisLast5, engineLast5 }));
    } catch (error) {
      setProblem(serverMessageOf(error) ?? NOT_VERIFIED);
      setSending(false);
    }
  }

  if (!open) {
    return (
      <button type="button" className="button" onClick={() => setOpen(true)}>
        Verify ownership
      </button>
    );
  }
  return (
    <form className="verify-ownership" aria-labelledby={formId} onSubmit={(event) => void onSubmit(event)}>
      <p id={formId} className="muted">
        The chassis and engine numbers are printed on your vehicle&apos;s Registration Certificate (RC). Type
        the last 5 characters of each.
      </p>
      <label>
        Last 5 of chassis number
        <input
          className="input"
          name="chassisLast5"
          required
          maxLength={5}
          autoComplete="off"
          value={chassisLast5}
          onChange={(event) => setChassis(event.target.value)}
        />
      </label>
      <label>
        Last 5 of engine number
        <input
          className="input"
          name="engineLast5"
          required
          maxLength={5}
          autoComplete="off"
          value={engineLast5}
          onChange={(event) => setEngine(event.target.value)}
        />
      </label>
      {problem && (
        <p role="alert" className="verify-ownership-problem">
          {problem}
        </p>
      )}
      <button type="submit" className="button button-primary" disabled={sending}>
        Verify
      </button>
    </form>
  );
}
