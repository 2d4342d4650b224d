/**
 * SPEC §2 /settings: the privacy toggles, the owner's controls of masked calls, the name and e-mail,
 * the account's language and the signed-in devices, and the user's data (a copy, or erasing the account).
 */
import { useLingui } from '@lingui/react';
import { Toggle } from '../../components/toggle';
import { LanguageSwitch } from '../../i18n/language-switch';
import { activeLanguage } from '../../i18n/i18n';
import { useAtomValue } from '../../lib/store';
import { userAtom } from '../../state/user';
import { CallSettings } from './call-settings';
import { FallbackSettings } from './fallback-settings';
import { ProfileDetails } from './profile-details';
import { useProfileSave } from './use-profile-save';
import { FalseAlarmStrikes } from './false-alarm-strikes';
import { SignedInDevices } from './signed-in-devices';
import { YourData } from './your-data';
import './settings.css';

export default function SettingsPage() {
  const { i18n } = useLingui();
  const user = useAtomValue(userAtom);
  const { saving, save, saveLanguage } = useProfileSave(user);
  const nameVisible = user?.nameVisible ?? true;
  const phoneVisible = user?.phoneVisible ?? true;
  const emailVisible = user?.emailVisible ?? false;
  const shareReadReceipts = user?.shareReadReceipts ?? true;

  return (
    <>
      <section className="card settings">
        <h1>{i18n._('settings.title')}</h1>
        <p className="muted">{i18n._('settings.intro')}</p>
        <div className="stack">
          <Toggle
            label={i18n._('settings.hideName')}
            name="hideName"
            checked={!nameVisible}
            disabled={saving || user === null}
            onChange={(hide) => void save({ nameVisible: !hide })}
          />
          <Toggle
            label={i18n._('settings.hideNumber')}
            name="hideNumber"
            checked={!phoneVisible}
            disabled={saving || user === null}
            onChange={(hide) => void save({ phoneVisible: !hide })}
          />
          <Toggle
            label={i18n._('settings.hideEmail')}
            name="hideEmail"
            checked={!emailVisible}
            disabled={saving || user === null}
            onChange={(hide) => void save({ emailVisible: !hide })}
          />
          <Toggle
            label={i18n._('settings.shareReadReceipts')}
            name="shareReadReceipts"
            checked={shareReadReceipts}
            disabled={saving || user === null}
            onChange={(share) => void save({ shareReadReceipts: share })}
          />
          <p className="muted">{i18n._('settings.shareReadReceiptsHint')}</p>
        </div>
        <p className="muted">{i18n._('settings.priority')}</p>
        <CallSettings user={user} saving={saving} save={save} />
        <FallbackSettings user={user} saving={saving} save={save} />
      </section>
      <ProfileDetails user={user} />
      <section className="card settings settings-language" aria-labelledby="settings-language-title">
        <h2 id="settings-language-title">{i18n._('settings.language')}</h2>
        <LanguageSwitch
          value={user?.language ?? activeLanguage()}
          disabled={saving || user === null}
          onChange={(language) => void saveLanguage(language)}
        />
      </section>
      <FalseAlarmStrikes />
      <SignedInDevices />
      <YourData />
    </>
  );
}
