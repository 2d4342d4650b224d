/**
 * The toasts of SPEC §8 and §9 (3000 ms, top right; see ./toast-view). The toast library is not
 * part of the first load of /login: it is fetched once the first screen is up, or by the first
 * toast if that comes sooner, and <AppToaster> shows the list from then on. A toast asked for
 * before the list is there waits in the library's store and shows with it.
 */
import { useEffect, useSyncExternalStore } from 'react';
import type * as ToastViewModule from './toast-view';
import type { Tone } from './toast-view';

/** How long after the app's first render the toast library is fetched in the background. */
const PREFETCH_DELAY_MS = 1500;

type ToastView = typeof ToastViewModule;

let view: ToastView | undefined;
let loading: Promise<ToastView> | undefined;
const listeners = new Set<() => void>();

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Loads the toast library once; a failed load (offline before it was cached) is tried again next time. */
function loadView(): Promise<ToastView> {
  loading ??= import('./toast-view').then(
    (module) => {
      view = module;
      for (const listener of listeners) listener();
      return module;
    },
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

/** Fetches the toast library ahead of the first toast, so that one shows at once. */
export async function preloadToasts(): Promise<void> {
  await loadView();
}

function show(tone: Tone, text: string): void {
  if (view) {
    view.showToast(tone, text);
    return;
  }
  loadView().then(
    (loaded) => loaded.showToast(tone, text),
    (error: unknown) => console.error('Could not show a toast:', text, error),
  );
}

export function notifyError(text: string): void {
  show('error', text);
}

export function notifyWarning(text: string): void {
  show('warning', text);
}

export function notifySuccess(text: string): void {
  show('success', text);
}

/** Mount once, anywhere in the app. */
export function AppToaster() {
  const loaded = useSyncExternalStore(subscribe, () => view);
  useEffect(() => {
    if (view) return;
    const timer = setTimeout(() => void preloadToasts().catch(() => undefined), PREFETCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, []);
  return loaded ? <loaded.ToastList /> : null;
}
