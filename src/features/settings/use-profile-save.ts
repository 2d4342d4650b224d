import { useLingui } from '@lingui/react';
import { useState } from 'react';
import type { User } from '#common/api';
import type { Language } from '#common/languages';
import { rememberDeviceLanguage } from '../../i18n/device-language';
import { notifyError } from '../../lib/toasts';
import { patchUser, setUser } from '../../state/user';
import { updateProfile } from './api';

export type ProfileSettings = Partial<
  Pick<
    User,
    | 'nameVisible'
    | 'shareReadReceipts'
    | 'phoneVisible'
    | 'emailVisible'
    | 'allowCalls'
    | 'quietHours'
    | 'fallbackSms'
    | 'fallbackCall'
  >
>;

/** Saves profile settings: shown at once, saved at once, put back with 'Update failed!' if the server refuses. */
export function useProfileSave(user: User | null) {
  const { i18n } = useLingui();
  const [saving, setSaving] = useState(false);

  async function save(changes: ProfileSettings) {
    if (!user) return;
    const previous = Object.fromEntries(
      Object.keys(changes).map((key) => [key, user[key as keyof User]]),
    ) as Partial<User>;
    patchUser(changes);
    setSaving(true);
    try {
      setUser(await updateProfile(changes));
    } catch {
      patchUser(previous);
      notifyError(i18n._('toast.updateFailed'));
    } finally {
      setSaving(false);
    }
  }

  /**
   * The account's language: it changes only once the server has saved it (the whole app re-renders in
   * it), and this device remembers it for the sign-in screen after a logout.
   */
  async function saveLanguage(language: Language) {
    if (!user) return;
    setSaving(true);
    try {
      const saved = await updateProfile({ language });
      setUser(saved);
      rememberDeviceLanguage(saved.language);
    } catch {
      notifyError(i18n._('toast.updateFailed'));
    } finally {
      setSaving(false);
    }
  }

  return { saving, save, saveLanguage };
}
