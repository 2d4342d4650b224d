/** The one service worker of the app: precached shell, offline navigations, and FCM push (data-only). */
import { clientsClaim } from 'workbox-core';
import {
  cleanupOutdatedCaches,
  createHandlerBoundToURL,
  precacheAndRoute,
  type PrecacheEntry,
} from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { answerFromNotification, isReplyKind, markSeenFromNotification, requestIdOf } from './answer';
import { openFromNotification } from './notification-click';
import { syncOutbox, type SyncEvent } from './outbox-sync';
import { deliverPush } from './push';
import { readPushPayload } from './push-data';
import { isSkipWaitingMessage } from './skip-waiting';
import { OUTBOX_SYNC_TAG } from '#common/outbox/outbox';
import { readSessionLanguage, readSessionToken } from './worker-session';

declare let self: ServiceWorkerGlobalScope & { __WB_MANIFEST: (PrecacheEntry | string)[] };

// Listeners are added synchronously when the script first runs: ones added after an await are never called.
const session = {
  token: readSessionToken,
  language: readSessionLanguage,
  fetch: (...args: Parameters<typeof fetch>) => fetch(...args),
};

self.addEventListener('notificationclick', (event) => {
  const { notification, action } = event;
  const requestId = requestIdOf(notification.data);
  if (requestId && isReplyKind(action)) {
    const data = { url: (notification.data as { url: string }).url, requestId };
    event.waitUntil(answerFromNotification(action, { tag: notification.tag, data }, self, session));
    return;
  }
  event.waitUntil(
    Promise.all([
      openFromNotification(notification, self),
      requestId ? markSeenFromNotification(requestId, session) : undefined,
    ]),
  );
});

self.addEventListener('push', (event) => {
  const message = event.data;
  event.waitUntil(
    readSessionLanguage().then((language) => deliverPush(readPushPayload(message, language), self)),
  );
});

self.addEventListener('sync', (event) => {
  const sync = event as SyncEvent;
  if (sync.tag === OUTBOX_SYNC_TAG) sync.waitUntil(syncOutbox(self));
});

// Updates wait until the user accepts the page's prompt, so no page runs half on the old build.
self.addEventListener('message', (event) => {
  if (isSkipWaitingMessage(event.data)) void self.skipWaiting();
});

cleanupOutdatedCaches();
precacheAndRoute(self.__WB_MANIFEST);
// Every app route is the precached shell; /api/ is never answered (nor cached) by the worker.
registerRoute(new NavigationRoute(createHandlerBoundToURL('index.html'), { denylist: [/^\/api\//] }));
clientsClaim();
