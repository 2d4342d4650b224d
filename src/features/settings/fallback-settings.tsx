/** The fallback ladder: whether a request none of the owner's devices showed comes by SMS, then by a call. */
import { useLingui } from '@lingui/react';
import type { User } from '#common/api';
import { Toggle } from '../../components/toggle';
import type { ProfileSettings } from './use-profile-save';

interface FallbackSettingsProps {
  user: User | null;
  saving: boolean;
  save: (changes: ProfileSettings) => Promise<void>;
}

export function FallbackSettings({ user, saving, save }: FallbackSettingsProps) {
  const { i18n } = useLingui();
  const disabled = saving || user === null;
  return (
    <div className="stack">
      <h2>{i18n._('settings.fallback')}</h2>
      <Toggle
        label={i18n._('settings.fallbackSms')}
        name="fallbackSms"
        checked={user?.fallbackSms ?? true}
        disabled={disabled}
        onChange={(on) => void save({ fallbackSms: on })}
      />
      <p className="muted">{i18n._('settings.fallbackSmsHint')}</p>
      <Toggle
        label={i18n._('settings.fallbackCall')}
        name="fallbackCall"
        checked={user?.fallbackCall ?? true}
        disabled={disabled}
        onChange={(on) => void save({ fallbackCall: on })}
      />
      <p className="muted">{i18n._('settings.fallbackCallHint')}</p>
    </div>
  );
}
