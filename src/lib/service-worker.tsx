/**
 * Registers the one service worker (sw/sw.ts, built to /sw.js) in production builds, and offers a new
 * build through <UpdatePrompt>: the new worker waits until the user taps Reload, then every page it
 * takes over reloads into the new build, so nothing runs half on the old one.
 */
import { useSyncExternalStore } from 'react';
import type { Workbox } from 'workbox-window';
import type { UpdatePromptView } from './update-prompt';

const SCRIPT_URL = '/sw.js';

type UpdateState = 'none' | 'waiting' | 'accepted';

let registering = false;
let workbox: Workbox | undefined;
let registration: Promise<ServiceWorkerRegistration | undefined> = Promise.resolve(undefined);
let updateState: UpdateState = 'none';
/** Loaded with workbox-window: the prompt is only ever shown after registration. */
let Prompt: typeof UpdatePromptView | undefined;
const listeners = new Set<() => void>();

function setUpdateState(next: UpdateState): void {
  updateState = next;
  for (const listener of listeners) listener();
}

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

/**
 * workbox-window and the update prompt, on a page a worker of ours controls: they come from its
 * precache, and from then on a new build is offered through <UpdatePrompt>.
 */
async function startWorkbox(): Promise<ServiceWorkerRegistration | undefined> {
  const [{ Workbox }, prompt] = await Promise.all([import('workbox-window'), import('./update-prompt')]);
  Prompt = prompt.UpdatePromptView;
  const wb = new Workbox(SCRIPT_URL);
  workbox = wb;
  wb.addEventListener('waiting', () => setUpdateState('waiting'));
  wb.addEventListener('controlling', () => {
    // Only a new build (waiting here, accepted here or in another tab) reloads the page: the first
    // worker of a fresh page, or ours registered again after logout, brings nothing new.
    if (updateState !== 'none') window.location.reload();
  });
  // An installed app can stay open for days: look for a new build whenever it comes back to view.
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState !== 'visible') return;
    wb.update().catch((error: unknown) => console.info('Update check failed', error));
  });
  return wb.register();
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
      if (container.controller) return startWorkbox();
      container.addEventListener('controllerchange', () => void startWorkbox().catch(workboxFailed), {
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

function acceptUpdate(): void {
  setUpdateState('accepted');
  workbox?.messageSkipWaiting();
}

const noUpdate = (): UpdateState => 'none';

/** Mount once, anywhere in the app (it is fixed to the bottom of the screen). Nothing on the server. */
export function UpdatePrompt() {
  const state = useSyncExternalStore(subscribe, () => updateState, noUpdate);
  if (state === 'none' || !Prompt) return null;
  return <Prompt accepted={state === 'accepted'} onAccept={acceptUpdate} />;
}
