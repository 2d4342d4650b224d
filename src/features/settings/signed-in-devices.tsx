/** The caller's sessions, and a way to end every one but this. */
import { useLingui } from '@lingui/react';
import { useState } from 'react';
import { formatRelativeTime } from '#common/relative-time';
import { Button } from '../../components/button';
import { activeLanguage } from '../../i18n/i18n';
import { notifyError, notifySuccess } from '../../lib/toasts';
import { useServerData } from '../../lib/use-server-data';
import { fetchSessions, signOutOtherDevices } from './api';
import { LoadState } from './load-state';

export function SignedInDevices() {
  const { i18n } = useLingui();
  const { data: sessions, failed, retry, update } = useServerData(fetchSessions);
  const [busy, setBusy] = useState(false);

  async function onSignOutOthers() {
    setBusy(true);
    try {
      await signOutOtherDevices();
      update((current) => current.filter((session) => session.current));
      notifySuccess(i18n._('settings.signedOutOthers'));
    } catch {
      notifyError(i18n._('settings.signOutOthersFailed'));
    } finally {
      setBusy(false);
    }
  }

  const others = sessions?.filter((session) => !session.current).length ?? 0;
  const now = new Date();
  const language = activeLanguage();
  return (
    <section className="card settings signed-in-devices" aria-labelledby="signed-in-devices-title">
      <h2 id="signed-in-devices-title">{i18n._('settings.devices')}</h2>
      {sessions === null ? (
        <LoadState
          failed={failed}
          loadingText={i18n._('settings.devicesLoading')}
          failedText={i18n._('settings.devicesLoadFailed')}
          onRetry={retry}
        />
      ) : (
        <ul className="device-list">
          {sessions.map((session) => (
            <li key={session._id}>
              <strong>
                {session.current ? i18n._('settings.thisDevice') : i18n._('settings.otherDevice')}
              </strong>
              <span className="muted">
                {' '}
                {i18n._('settings.deviceTimes', {
                  signedIn: formatRelativeTime(new Date(session.createdAt), now, language),
                  lastUsed: formatRelativeTime(new Date(session.lastSeen), now, language),
                })}
              </span>
            </li>
          ))}
        </ul>
      )}
      <Button disabled={busy || others === 0} onClick={() => void onSignOutOthers()}>
        {i18n._('settings.signOutOthers')}
      </Button>
    </section>
  );
}
