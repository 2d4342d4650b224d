/** The one service worker of the app: precached shell, offline navigations, and FCM push (data-only). */
import { clientsClaim } from 'workbox-core';
import {
  cleanupOutdatedCaches,
  createHandlerBoundToURL,
  matchPrecache,
  precacheAndRoute,
  type PrecacheEntry,
} from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import {
  answerFromNotification,
  isReplyKind,
  markDeliveredFromPush,
  markSeenFromNotification,
  requestIdOf,
} from './answer';
import { SERVER_NAVIGATIONS } from './navigation';
import { openFromNotification } from './notification-click';
import { syncOutbox } from '#common/outbox/sync-outbox';
import { deliverPush } from './push';
import { readPushPayload } from './push-data';
import { isSkipWaitingMessage } from './skip-waiting';
import { OUTBOX_SYNC_TAG } from '#common/outbox/outbox';
import { readSession, readSessionLanguage } from './worker-session';
import { answerWithSnapshot } from './start-snapshot';

/** Chromium's `sync` event, which TypeScript's WebWorker library does not describe. */
interface SyncEvent extends ExtendableEvent {
  readonly tag: string;
}

declare let self: ServiceWorkerGlobalScope & { __WB_MANIFEST: (PrecacheEntry | string)[] };

// Listeners are added synchronously when the script first runs: ones added after an await are never called.
const answerDeps = {
  session: readSession,
  language: readSessionLanguage,
  fetch: (...args: Parameters<typeof fetch>) => fetch(...args),
  now: Date.now,
};

self.addEventListener('notificationclick', (event) => {
  const { notification, action } = event;
  const requestId = requestIdOf(notification.data);
  if (requestId && isReplyKind(action)) {
    const data = { url: (notification.data as { url: string }).url, requestId };
    event.waitUntil(answerFromNotification(action, { tag: notification.tag, data }, self, answerDeps));
    return;
  }
  event.waitUntil(
    Promise.all([
      openFromNotification(notification, self),
      requestId ? markSeenFromNotification(requestId, answerDeps) : undefined,
    ]),
  );
});

self.addEventListener('push', (event) => {
  const message = event.data;
  event.waitUntil(
    readSessionLanguage().then(async (language) => {
      const push = readPushPayload(message, language);
      await deliverPush(push, self);
      if (push.requestId) await markDeliveredFromPush(push.requestId, answerDeps);
    }),
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
// Every app route is the precached shell (the dashboard with the signed-in user's last snapshot of it
// inside); the server's own pages and /api/ are never answered (nor cached) by the worker.
const shell = createHandlerBoundToURL('index.html');
const snapshotDeps = {
  session: readSession,
  now: Date.now,
  stylesheet: async (href: string) => (await matchPrecache(href))?.text() ?? null,
};
registerRoute(
  new NavigationRoute(async (options) => answerWithSnapshot(shell(options), options.url, snapshotDeps), {
    denylist: SERVER_NAVIGATIONS,
  }),
);
clientsClaim();
