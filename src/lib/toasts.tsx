/**
 * The toasts of SPEC §8 and §9 (3000 ms, top right; see ./toast-view). The toast library is not
 * part of the first load of /login, nor fetched after it without need: a form that can end in a
 * toast fetches it when the user starts on it (preloadToasts), else the first toast does, and
 * <AppToaster> shows the list from then on. A toast asked for before the list is there waits in
 * the library's store and shows with it. While a modal dialog is open the list shows inside it
 * (hostToasts), as the page under a dialog's backdrop is dimmed and inert.
 */
import { useSyncExternalStore } from 'react';
import { createPortal } from 'react-dom';
import type * as ToastViewModule from './toast-view';
import type { Tone } from './toast-view';

type ToastView = typeof ToastViewModule;

let view: ToastView | undefined;
let loading: Promise<ToastView> | undefined;
/** The open dialogs' places for the list, the topmost last; with none, the list is in the page. */
const hosts: HTMLElement[] = [];
const listeners = new Set<() => void>();

function changed(): void {
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Loads the toast library once; a failed load (offline before it was cached) is tried again next time. */
function loadView(): Promise<ToastView> {
  loading ??= import('./toast-view').then(
    (module) => {
      view = module;
      changed();
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

/** Shows the toast list in `element` (inside an open modal dialog) until the returned function is called. */
export function hostToasts(element: HTMLElement): () => void {
  hosts.push(element);
  changed();
  return () => {
    hosts.splice(hosts.indexOf(element), 1);
    changed();
  };
}

const none = () => undefined;

/** Mount once, anywhere in the app. Renders nothing until the library is loaded (and on the server). */
export function AppToaster() {
  const loaded = useSyncExternalStore(subscribe, () => view, none);
  const host = useSyncExternalStore(subscribe, () => hosts.at(-1), none);
  if (!loaded) return null;
  return host ? createPortal(<loaded.ToastList />, host) : <loaded.ToastList />;
}
