/** SPEC §2 /settings: the privacy toggles, and the owner's controls of masked calls, and the signed-in devices. */
import { useState } from 'react';
import { Toggle } from '../../components/toggle';
import { useAtomValue } from '../../lib/store';
import { userAtom } from '../../state/user';
import { CallSettings } from './call-settings';
import { useProfileSave } from './use-profile-save';
import { SignedInDevices } from './signed-in-devices';
import './settings.css';

export default function SettingsPage() {
  const user = useAtomValue(userAtom);
  // SPEC §2: 'Hide Name' is only a local switch; nothing is saved.
  const [hideName, setHideName] = useState(false);
  const { saving, save } = useProfileSave(user);
  const phoneVisible = user?.phoneVisible ?? true;
  const emailVisible = user?.emailVisible ?? false;

  return (
    <>
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
            onChange={(hide) => void save({ phoneVisible: !hide })}
          />
          <Toggle
            label="Hide Email"
            name="hideEmail"
            checked={!emailVisible}
            disabled={saving || user === null}
            onChange={(hide) => void save({ emailVisible: !hide })}
          />
        </div>
        <p className="muted">Your privacy is our priority.</p>
        <CallSettings user={user} saving={saving} save={save} />
      </section>
      <SignedInDevices />
    </>
  );
}
