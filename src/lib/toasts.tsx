/**
 * The toasts of SPEC §8 and §9 (3000 ms, top right; see ./toast-view). The toast library is not
 * part of the first load of /login, nor fetched after it without need: a form that can end in a
 * toast fetches it when the user starts on it (preloadToasts), else the first toast does, and
 * <AppToaster> shows the list from then on. A toast asked for before the list is there waits in
 * the library's store and shows with it.
 */
import { useSyncExternalStore } from 'react';
import type * as ToastViewModule from './toast-view';
import type { Tone } from './toast-view';

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

const noView = () => undefined;

/** Mount once, anywhere in the app. Renders nothing until the library is loaded (and on the server). */
export function AppToaster() {
  const loaded = useSyncExternalStore(subscribe, () => view, noView);
  return loaded ? <loaded.ToastList /> : null;
}
