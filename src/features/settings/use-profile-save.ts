import { useState } from 'react';
import type { User } from '#common/api';
import { TOASTS } from '../../lib/texts';
import { notifyError } from '../../lib/toasts';
import { setUser } from '../../state/user';
import { updateProfile } from './api';

export type ProfileSettings = Partial<
  Pick<User, 'phoneVisible' | 'emailVisible' | 'allowCalls' | 'quietHours'>
>;

/** Saves profile settings: shown at once, saved at once, put back with 'Update failed!' if the server refuses. */
export function useProfileSave(user: User | null) {
  const [saving, setSaving] = useState(false);

  async function save(changes: ProfileSettings) {
    if (!user) return;
    const previous = Object.fromEntries(
      Object.keys(changes).map((key) => [key, user[key as keyof User]]),
    ) as Partial<User>;
    setUser(changes);
    setSaving(true);
    try {
      setUser(await updateProfile(changes));
    } catch {
      setUser(previous);
      notifyError(TOASTS.updateFailed);
    } finally {
      setSaving(false);
    }
  }

  return { saving, save };
}
