/** Masked calls: whether the owner takes them, and quiet hours (India Standard Time) when they do not. */
import { useState, type FormEvent } from 'react';
import type { User } from '#common/api';
import type { QuietHours } from '#common/quiet-hours';
import { Field } from '../../components/field';
import { Toggle } from '../../components/toggle';
import type { ProfileSettings } from './use-profile-save';

/** What quiet hours start as when switched on: the night. */
const NIGHT: QuietHours = { start: '22:00', end: '07:00' };

interface CallSettingsProps {
  user: User | null;
  saving: boolean;
  save: (changes: ProfileSettings) => Promise<void>;
}

export function CallSettings({ user, saving, save }: CallSettingsProps) {
  const allowCalls = user?.allowCalls ?? true;
  const quietHours = user?.quietHours ?? null;
  const disabled = saving || user === null;
  return (
    <div className="stack">
      <h2>Calls</h2>
      <Toggle
        label="Take masked calls"
        name="allowCalls"
        checked={allowCalls}
        disabled={disabled}
        onChange={(allow) => void save({ allowCalls: allow })}
      />
      <p className="muted">
        People who find your vehicle can ring you through Vahan Contact; neither of you sees the other&apos;s
        number.
      </p>
      <Toggle
        label="Quiet hours"
        name="quietHours"
        checked={quietHours !== null}
        disabled={disabled}
        onChange={(on) => void save({ quietHours: on ? NIGHT : null })}
      />
      <p className="muted">
        During quiet hours (India Standard Time) masked calls are refused and notifications arrive without
        sound.
      </p>
      {quietHours && (
        <QuietHoursForm
          key={`${quietHours.start}-${quietHours.end}`}
          initial={quietHours}
          disabled={disabled}
          onSave={(hours) => void save({ quietHours: hours })}
        />
      )}
    </div>
  );
}

function QuietHoursForm({
  initial,
  disabled,
  onSave,
}: {
  initial: QuietHours;
  disabled: boolean;
  onSave: (hours: QuietHours) => void;
}) {
  const [hours, setHours] = useState(initial);
  const same = hours.start === hours.end;

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!same) onSave(hours);
  }

  return (
    <form className="quiet-hours" onSubmit={submit}>
      <Field label="From (IST)">
        <input
          type="time"
          required
          value={hours.start}
          onChange={(event) => setHours({ ...hours, start: event.target.value })}
        />
      </Field>
      <Field label="Until (IST)">
        <input
          type="time"
          required
          value={hours.end}
          onChange={(event) => setHours({ ...hours, end: event.target.value })}
        />
      </Field>
      {same && <p role="alert">The start and the end must differ.</p>}
      <button type="submit" className="button" disabled={disabled || same}>
        Save quiet hours
      </button>
    </form>
  );
}
