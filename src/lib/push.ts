/**
 * The page's side of push (SPEC §4, DESIGN §5). Firebase is needed only for the device token, and
 * only after sign-in: it is imported inside functions, into its own chunk, and never when the server
 * says push is off. Messages themselves reach the page from our service worker (sw/push.ts), never
 * from Firebase. Failures and refusals are only logged (SPEC §8).
 */
import type { FcmTokenPayload, PushData, RuntimeConfig } from '#common/api';
import type { Messaging } from 'firebase/messaging';
import { apiClient } from './api-client';
import { getServiceWorkerRegistration } from './service-worker';

/** SPEC §9: the device token is kept under `fcm_token`. */
const FCM_TOKEN_KEY = 'fcm_token';

let permissionRequest: Promise<void> = Promise.resolve();
/** Bumped by every start and stop, so a start that is overtaken stops where it is. */
let generation = 0;
let stopListening: (() => void) | undefined;
/** Set once getToken succeeded with our registration: deleteToken is safe only then. */
let tokenMessaging: Messaging | undefined;

function isIos(): boolean {
  const agent = navigator.userAgent;
  return /iPad|iPhone|iPod/.test(agent) || (agent.includes('Macintosh') && navigator.maxTouchPoints > 1);
}

function isInstalledApp(): boolean {
  const standalone = 'standalone' in navigator && navigator.standalone === true;
  return standalone || window.matchMedia('(display-mode: standalone)').matches;
}

/**
 * Call synchronously from the VERIFY CODE tap: browsers grant the prompt only inside the tap, so
 * nothing is awaited first. iOS offers web push only to an app added to the home screen.
 */
export function requestPushPermission(): void {
  if (!('Notification' in window) || !('serviceWorker' in navigator)) return;
  if (Notification.permission !== 'default') return;
  if (isIos() && !isInstalledApp()) return;
  permissionRequest = Notification.requestPermission().then(
    (permission) => {
      if (permission !== 'granted') console.info(`Push permission ${permission}`);
    },
    (error: unknown) => console.error('Push permission request failed', error),
  );
}

function listenToWorker(onMessage: (data: PushData) => void): () => void {
  if (!('serviceWorker' in navigator)) return () => undefined;
  const container = navigator.serviceWorker;
  // The schema comes with the contract's chunk, loaded apart from the signed-in shell.
  const contract = import('#common/api');
  const listener = async (event: MessageEvent<unknown>) => {
    const message = (await contract).pushMessage.safeParse(event.data);
    if (!message.success) return;
    // The worker has shown the system notification itself: the page only adds the push to its bell.
    onMessage(message.data.data);
  };
  const onEvent = (event: MessageEvent<unknown>) => void listener(event);
  container.addEventListener('message', onEvent);
  return () => container.removeEventListener('message', onEvent);
}

async function registerDeviceToken(config: NonNullable<RuntimeConfig['push']>, run: number): Promise<void> {
  await permissionRequest;
  if (run !== generation) return;
  if (!('Notification' in window) || Notification.permission !== 'granted') {
    console.info('Push is not permitted; no device token');
    return;
  }
  // Without our registration Firebase would register firebase-messaging-sw.js, a second worker.
  const registration = await getServiceWorkerRegistration();
  if (registration === undefined || run !== generation) return;
  const [{ getApps, initializeApp }, { getMessaging, getToken, isSupported }] = await Promise.all([
    import('firebase/app'),
    import('firebase/messaging'),
  ]);
  if (!(await isSupported())) {
    console.info('Push is not supported in this browser');
    return;
  }
  const messaging = getMessaging(getApps()[0] ?? initializeApp(config.firebase));
  // Called on every start: the JS SDK never refreshes a token by itself.
  const token = await getToken(messaging, {
    vapidKey: config.vapidKey,
    serviceWorkerRegistration: registration,
  });
  if (run !== generation) return;
  tokenMessaging = messaging;
  localStorage.setItem(FCM_TOKEN_KEY, token);
  const body: FcmTokenPayload = { token };
  await apiClient('/api/users/fcmToken', { method: 'POST', body });
}

/** After sign-in and on every signed-in start: deliver the worker's push messages and register this device. */
export async function startPush(onMessage: (data: PushData) => void): Promise<void> {
  const run = ++generation;
  stopListening?.();
  stopListening = listenToWorker(onMessage);
  try {
    const config = await apiClient<RuntimeConfig>('/api/config');
    if (config.push === null || run !== generation) return;
    await registerDeviceToken(config.push, run);
  } catch (error) {
    console.error('Push setup failed', error);
  }
}

/** The device token to name in POST /api/users/logout. */
export function getStoredFcmToken(): string | null {
  return localStorage.getItem(FCM_TOKEN_KEY);
}

/** Logout: stop delivering messages, drop the device token. A failing deleteToken is not fatal. */
export async function stopPush(): Promise<void> {
  generation += 1;
  stopListening?.();
  stopListening = undefined;
  localStorage.removeItem(FCM_TOKEN_KEY);
  const messaging = tokenMessaging;
  tokenMessaging = undefined;
  if (messaging === undefined) return;
  try {
    const { deleteToken } = await import('firebase/messaging');
    await deleteToken(messaging);
  } catch (error) {
    console.warn('Could not delete the push token', error);
  }
}
