/** Ending a session on this device: SPEC §4 (logout) and SPEC §8 (an invalid token). */
import type { User } from '#common/api';
import { apiClient, isUnauthorized, swallowErrors } from '../lib/api-client';
import { stopLiveEvents } from '../lib/live-events';
import { getStoredFcmToken, stopPush } from '../lib/push';
import { appStore, resetAppStore, RESET } from '../lib/store';
import { tokenAtom } from '../lib/token';
import { setUser } from '../state/user';

/**
 * Forgets the signed-in user, their vehicles, the owner list, the bell, the token and the outbox
 * (it belongs to this session: nothing queued is sent after it ends).
 */
async function forgetSession(): Promise<void> {
  resetAppStore();
  appStore.set(tokenAtom, RESET);
  // Loaded apart from the signed-in shell, which has a size budget.
  const { clearOutbox } = await import('../lib/outbox/outbox-queue');
  await clearOutbox();
}

type SessionCheck = 'valid' | 'invalid' | 'unknown';

/**
 * SPEC §4 session check. A 401 ends the session; any other failure (offline, a server error)
 * keeps the stored user signed in (DESIGN §6).
 */
export async function checkSession(): Promise<SessionCheck> {
  const token = appStore.get(tokenAtom);
  try {
    const { user } = await apiClient<{ user: User }>('/api/users/validateUser');
    // The answer may come after a sign-out or a new sign-in; it only counts for the same token.
    if (appStore.get(tokenAtom) !== token) return 'unknown';
    setUser(user);
    return 'valid';
  } catch (error) {
    if (!isUnauthorized(error)) return 'unknown';
    if (appStore.get(tokenAtom) === token) await forgetSession();
    return 'invalid';
  }
}

async function unregisterServiceWorkers(): Promise<void> {
  if (!('serviceWorker' in navigator)) return;
  try {
    const registrations = await navigator.serviceWorker.getRegistrations();
    await Promise.all(registrations.map((registration) => registration.unregister()));
  } catch (error) {
    console.error('Could not unregister the service workers', error);
  }
}

/**
 * SPEC §4 logout, in its order. The server is told first (it revokes the session and forgets this
 * device's push token) but is not waited for: signing out must work offline too.
 */
export async function logout(): Promise<void> {
  const token = appStore.get(tokenAtom);
  const fcmToken = getStoredFcmToken();
  void swallowErrors(
    apiClient('/api/users/logout', {
      method: 'POST',
      body: fcmToken ? { fcmToken } : {},
      token,
      keepalive: true,
    }),
  );
  // Stops delivering push messages and removes `fcm_token` at once; deleting the token at Firebase
  // goes on in the background and may fail offline.
  void stopPush();
  stopLiveEvents();
  await forgetSession();
  await unregisterServiceWorkers();
}
