/** "Verify ownership" on an unverified vehicle, against the last characters printed on its RC. */
import { useLingui } from '@lingui/react';
import { useId, useState, type FormEvent } from 'react';
import type { Vehicle } from '#common/api';
import { Button } from '../../components/button';
import { serverMessageOf } from '../../lib/api-client';
import { updateVehicle } from '../../state/vehicles';
import { postVerifyVehicle } from './api';

/** One of the two RC fields: the last five characters of the chassis or engine number. */
function Last5Input(props: {
  label: string;
  name: string;
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <label>
      {props.label}
      <input
        className="input"
        name={props.name}
        required
        maxLength={5}
        autoComplete="off"
        value={props.value}
        onChange={(event) => props.onChange(event.target.value)}
      />
    </label>
  );
}

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
    return <Button onClick={() => setOpen(true)}>{i18n._('vehicles.verifyOpen')}</Button>;
  }
  return (
    <form className="verify-ownership" aria-labelledby={formId} onSubmit={(event) => void onSubmit(event)}>
      <p id={formId} className="muted">
        {i18n._('vehicles.verifyHint')}
      </p>
      <Last5Input
        label={i18n._('vehicles.chassisLabel')}
        name="chassisLast5"
        value={chassisLast5}
        onChange={setChassis}
      />
      <Last5Input
        label={i18n._('vehicles.engineLabel')}
        name="engineLast5"
        value={engineLast5}
        onChange={setEngine}
      />
      {problem && (
        <p role="alert" className="verify-ownership-problem">
          {problem}
        </p>
      )}
      <Button type="submit" variant="primary" disabled={sending}>
        {i18n._('vehicles.verify')}
      </Button>
    </form>
  );
}
