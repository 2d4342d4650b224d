/** The caller's sessions, and a way to end every one but this. */
import { useEffect, useState } from 'react';
import type { SessionInfo } from '#common/api';
import { formatRelativeTime } from '#common/relative-time';
import { notifyError, notifySuccess } from '../../lib/toasts';
import { fetchSessions, signOutOtherDevices } from './api';

export const DEVICES_TEXTS = {
  title: 'Signed-in devices',
  signOutOthers: 'Sign out other devices',
  thisDevice: 'This device',
  otherDevice: 'Another device',
  loading: 'Loading devices...',
  loadFailed: 'Could not load your devices.',
  signedOut: 'Signed out of other devices.',
  signOutFailed: 'Could not sign out other devices.',
} as const;

export function SignedInDevices() {
  const [sessions, setSessions] = useState<SessionInfo[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let active = true;
    fetchSessions().then(
      (found) => active && setSessions(found),
      () => active && setFailed(true),
    );
    return () => {
      active = false;
    };
  }, []);

  async function onSignOutOthers() {
    setBusy(true);
    try {
      await signOutOtherDevices();
      setSessions((current) => current?.filter((session) => session.current) ?? null);
      notifySuccess(DEVICES_TEXTS.signedOut);
    } catch {
      notifyError(DEVICES_TEXTS.signOutFailed);
    } finally {
      setBusy(false);
    }
  }

  const others = sessions?.filter((session) => !session.current).length ?? 0;
  return (
    <section className="card settings signed-in-devices" aria-labelledby="signed-in-devices-title">
      <h2 id="signed-in-devices-title">{DEVICES_TEXTS.title}</h2>
      {sessions === null ? (
        <p className="muted">{failed ? DEVICES_TEXTS.loadFailed : DEVICES_TEXTS.loading}</p>
      ) : (
        <ul className="device-list">
          {sessions.map((session) => (
            <li key={session._id}>
              <strong>{session.current ? DEVICES_TEXTS.thisDevice : DEVICES_TEXTS.otherDevice}</strong>
              <span className="muted">
                {' '}
                signed in {formatRelativeTime(new Date(session.createdAt))}, last used{' '}
                {formatRelativeTime(new Date(session.lastSeen))}
              </span>
            </li>
          ))}
        </ul>
      )}
      <button
        type="button"
        className="button"
        disabled={busy || others === 0}
        onClick={() => void onSignOutOthers()}
      >
        {DEVICES_TEXTS.signOutOthers}
      </button>
    </section>
  );
}
