/**
 * Registers the one service worker (sw/sw.ts, built to /sw.js) in production builds. Once a worker of
 * ours controls the page, ./update-prompt (with workbox-window, from the worker's precache) registers
 * it and offers each new build through <UpdatePrompt>.
 */
import { useSyncExternalStore, type ComponentType } from 'react';

const SCRIPT_URL = '/sw.js';

let registering = false;
let registration: Promise<ServiceWorkerRegistration | undefined> = Promise.resolve(undefined);
/** The offer of a new build, there once ./update-prompt has loaded. */
let Offer: ComponentType | undefined;
const listeners = new Set<() => void>();

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Resolves once the page has loaded and the main thread is idle: the worker's install waits for the page. */
function afterLoadAndIdle(): Promise<void> {
  return new Promise((resolve) => {
    const whenIdle = () => {
      if ('requestIdleCallback' in window) requestIdleCallback(() => resolve(), { timeout: 2000 });
      else setTimeout(resolve, 0);
    };
    if (document.readyState === 'complete') whenIdle();
    else window.addEventListener('load', whenIdle, { once: true });
  });
}

/** workbox-window and the update prompt, on a page a worker of ours controls: they come from its precache. */
async function watchForUpdates(): Promise<ServiceWorkerRegistration | undefined> {
  const prompt = await import('./update-prompt');
  Offer = prompt.UpdateOffer;
  for (const listener of listeners) listener();
  return prompt.registerWatchingUpdates(SCRIPT_URL);
}

/**
 * Registers the worker once the page has loaded and is idle, so its install (the whole precache)
 * never competes with the first screen. A page no worker controls yet (a first visit) registers it
 * without workbox-window: there is no update to offer before a worker controls the page, and the
 * first load of /login stays small. Once one does (at once on a later visit, or when the first
 * worker takes over), workbox-window is loaded from the precache. Resolves when the registration
 * settled.
 */
export async function registerServiceWorker(): Promise<void> {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator) || registering) return;
  registering = true;
  const container = navigator.serviceWorker;
  registration = afterLoadAndIdle()
    .then(async () => {
      if (container.controller) return watchForUpdates();
      container.addEventListener('controllerchange', () => void watchForUpdates().catch(workboxFailed), {
        once: true,
      });
      return container.register(SCRIPT_URL);
    })
    .catch((error: unknown) => {
      console.error('Service worker registration failed', error);
      return undefined;
    });
  await registration;
}

function workboxFailed(error: unknown): void {
  console.error('Could not watch the service worker for updates', error);
}

/** The registration of our worker once it is active; undefined when none is registered (dev, unsupported). */
export async function getServiceWorkerRegistration(): Promise<ServiceWorkerRegistration | undefined> {
  if ((await registration) === undefined) return undefined;
  // Logout unregisters every worker (SPEC §4); signing in again without a reload revives ours.
  if ((await navigator.serviceWorker.getRegistration()) === undefined) {
    await navigator.serviceWorker.register(SCRIPT_URL);
  }
  return navigator.serviceWorker.ready;
}

const noOffer = () => undefined;

/** Mount once, anywhere in the app (it is fixed to the bottom of the screen). Nothing on the server. */
export function UpdatePrompt() {
  const Loaded = useSyncExternalStore(subscribe, () => Offer, noOffer);
  return Loaded ? <Loaded /> : null;
}
