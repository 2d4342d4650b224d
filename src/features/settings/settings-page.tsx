/** SPEC §2 /settings: the privacy toggles. */
import { useState } from 'react';
import { Toggle } from '../../components/toggle';
import { useAtomValue } from '../../lib/store';
import { TOASTS } from '../../lib/texts';
import { notifyError } from '../../lib/toasts';
import { setUser, userAtom } from '../../state/user';
import { updatePhoneVisible } from './api';
import './settings.css';

export default function SettingsPage() {
  const user = useAtomValue(userAtom);
  // SPEC §2: 'Hide Name' is only a local switch; nothing is saved.
  const [hideName, setHideName] = useState(false);
  const [saving, setSaving] = useState(false);
  const phoneVisible = user?.phoneVisible ?? true;

  /** Shown at once, saved at once, put back if the server refuses. */
  async function onHideNumber(hide: boolean) {
    const previous = phoneVisible;
    setUser({ phoneVisible: !hide });
    setSaving(true);
    try {
      setUser(await updatePhoneVisible(!hide));
    } catch {
      setUser({ phoneVisible: previous });
      notifyError(TOASTS.updateFailed);
    } finally {
      setSaving(false);
    }
  }

  return (
    <section className="card settings">
      <h1>Set your Privacy</h1>
      <p className="muted">We will hide your name and number, if you wish.</p>
      <div className="stack">
        <Toggle label="Hide Name" name="hideName" checked={hideName} onChange={setHideName} />
        <Toggle
          label="Hide Number"
          name="hideNumber"
          checked={!phoneVisible}
          disabled={saving || user === null}
          onChange={(hide) => void onHideNumber(hide)}
        />
      </div>
      <p className="muted">Your privacy is our priority.</p>
    </section>
  );
}
