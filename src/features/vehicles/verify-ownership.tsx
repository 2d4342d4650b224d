/** Issue 12: "Verify ownership" on an unverified vehicle, against the last characters printed on its RC. */
import { useLingui } from '@lingui/react';
import { useId, useState, type FormEvent } from 'react';
import type { Vehicle } from '#common/api';
import { serverMessageOf } from '../../lib/api-client';
import { updateVehicle } from '../../state/vehicles';
import { postVerifyVehicle } from './api';

export function VerifyOwnership({ vehicle }: { vehicle: Vehicle }) {
  const { i18n } = useLingui();
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
      setProblem(serverMessageOf(error) ?? i18n._('vehicles.verifyFailed'));
      setSending(false);
    }
  }

  if (!open) {
    return (
      <button type="button" className="button" onClick={() => setOpen(true)}>
        {i18n._('vehicles.verifyOpen')}
      </button>
    );
  }
  return (
    <form className="verify-ownership" aria-labelledby={formId} onSubmit={(event) => void onSubmit(event)}>
      <p id={formId} className="muted">
        {i18n._('vehicles.verifyHint')}
      </p>
      <label>
        {i18n._('vehicles.chassisLabel')}
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
        {i18n._('vehicles.engineLabel')}
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
        {i18n._('vehicles.verify')}
      </button>
    </form>
  );
}
