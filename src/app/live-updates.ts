/**
 * Keeps a signed-in screen current (DESIGN §5, §6): the live channel adds new notifications to the
 * bell and keeps the status of the user's sent requests, and, after any gap (a drop, time offline), fetches the unread list again; when the network
 * returns the session is checked again.
 */
import { useEffect } from 'react';
import { fetchUnreadNotifications } from '../features/notifications/api';
import { fetchSentRequests } from '../features/requests/api';
import { startLiveEvents } from '../lib/live-events';
import { appStore } from '../lib/store';
import { addServerNotification, refreshServerNotifications } from '../state/notifications';
import { setSentRequests, upsertSentRequest } from '../state/sent-requests';
import { tokenAtom } from '../lib/token';
import { checkSession } from './session';

/** The answer counts only for the session that asked (a sign-out may come first). */
async function refreshUnread(): Promise<void> {
  const token = appStore.get(tokenAtom);
  await refreshServerNotifications(async () => {
    const list = await fetchUnreadNotifications();
    return appStore.get(tokenAtom) === token ? list : undefined;
  });
}

/** The sender's requests, whose changes while the channel was down were missed. */
async function refreshSentRequests(): Promise<void> {
  const token = appStore.get(tokenAtom);
  const list = await fetchSentRequests();
  if (list && appStore.get(tokenAtom) === token) setSentRequests(list);
}

export function useLiveUpdates(): void {
  useEffect(() => {
    void refreshSentRequests();
    const live = startLiveEvents({
      onNotification: addServerNotification,
      onRequest: upsertSentRequest,
      onResync: () => {
        void refreshUnread();
        void refreshSentRequests();
      },
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
