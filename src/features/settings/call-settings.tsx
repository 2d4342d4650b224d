/** Masked calls: whether the owner takes them, and quiet hours (India Standard Time) when they do not. */
import { useLingui } from '@lingui/react';
import { useState, type FormEvent } from 'react';
import type { User } from '#common/api';
import type { QuietHours } from '#common/quiet-hours';
import { Button } from '../../components/button';
import { TextField } from '../../components/text-field';
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
  const { i18n } = useLingui();
  const allowCalls = user?.allowCalls ?? true;
  const quietHours = user?.quietHours ?? null;
  const disabled = saving || user === null;
  return (
    <div className="stack">
      <h2>{i18n._('settings.calls')}</h2>
      <Toggle
        label={i18n._('settings.takeCalls')}
        name="allowCalls"
        checked={allowCalls}
        disabled={disabled}
        onChange={(allow) => void save({ allowCalls: allow })}
      />
      <p className="muted">{i18n._('settings.takeCallsHint')}</p>
      <Toggle
        label={i18n._('settings.quietHours')}
        name="quietHours"
        checked={quietHours !== null}
        disabled={disabled}
        onChange={(on) => void save({ quietHours: on ? NIGHT : null })}
      />
      <p className="muted">{i18n._('settings.quietHoursHint')}</p>
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
  const { i18n } = useLingui();
  const [hours, setHours] = useState(initial);
  const same = hours.start === hours.end;
  const bounds = [
    { bound: 'start', label: i18n._('settings.quietFrom') },
    { bound: 'end', label: i18n._('settings.quietUntil') },
  ] as const;

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!same) onSave(hours);
  }

  return (
    <form className="quiet-hours" onSubmit={submit}>
      {bounds.map(({ bound, label }) => (
        <TextField
          key={bound}
          label={label}
          type="time"
          required
          value={hours[bound]}
          onValueChange={(time) => setHours({ ...hours, [bound]: time })}
        />
      ))}
      {same && <p role="alert">{i18n._('settings.quietSame')}</p>}
      <Button type="submit" disabled={disabled || same}>
        {i18n._('settings.saveQuietHours')}
      </Button>
    </form>
  );
}
