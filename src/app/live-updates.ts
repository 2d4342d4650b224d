/**
 * Keeps a signed-in screen current (DESIGN §5, §6): the live channel adds new notifications to the
 * bell and, after any gap (a drop, time offline), fetches the unread list again; when the network
 * returns the session is checked again.
 */
import { useEffect } from 'react';
import { fetchUnreadNotifications } from '../features/notifications/api';
import { startLiveEvents } from '../lib/live-events';
import { appStore } from '../lib/store';
import { addServerNotification, refreshServerNotifications } from '../state/notifications';
import { tokenAtom } from '../state/user';
import { checkSession } from './session';

/** The answer counts only for the session that asked (a sign-out may come first). */
async function refreshUnread(): Promise<void> {
  const token = appStore.get(tokenAtom);
  await refreshServerNotifications(async () => {
    const list = await fetchUnreadNotifications();
    return appStore.get(tokenAtom) === token ? list : undefined;
  });
}

export function useLiveUpdates(): void {
  useEffect(() => {
    const live = startLiveEvents({
      onNotification: addServerNotification,
      onResync: () => void refreshUnread(),
      onUnauthorized: () => void checkSession(),
    });
    // The unread list comes back through the live channel's resync when it reopens.
    const onOnline = () => void checkSession();
    window.addEventListener('online', onOnline);
    return () => {
      live.stop();
      window.removeEventListener('online', onOnline);
    };
  }, []);
}
