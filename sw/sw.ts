/** The one service worker of the app: precached shell, offline navigations, and FCM push (data-only). */
import { clientsClaim } from 'workbox-core';
import {
  cleanupOutdatedCaches,
  createHandlerBoundToURL,
  precacheAndRoute,
  type PrecacheEntry,
} from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { openFromNotification } from './notification-click';
import { deliverPush } from './push';
import { readPushPayload } from './push-data';
import { isSkipWaitingMessage } from './skip-waiting';

declare let self: ServiceWorkerGlobalScope & { __WB_MANIFEST: (PrecacheEntry | string)[] };

// Listeners are added synchronously when the script first runs: ones added after an await are never called.
self.addEventListener('notificationclick', (event) => {
  event.waitUntil(openFromNotification(event.notification, self));
});

self.addEventListener('push', (event) => {
  event.waitUntil(deliverPush(readPushPayload(event.data), self));
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
