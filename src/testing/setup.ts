import 'fake-indexeddb/auto';
import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { toast } from 'react-hot-toast';
import { afterEach, beforeEach, vi } from 'vitest';
import { clearWorkerStore } from '#common/worker-store';
import { activateLanguage, loadSignedInTexts } from '../i18n/i18n';
import { appStore, resetAppStore, RESET } from '../lib/store';
import { tokenAtom } from '../lib/token';
import { bindOutboxUser } from '../lib/outbox/outbox-session';
import { userAtom } from '../state/user';
import { preloadToasts } from '../lib/toasts';

// jsdom has no matchMedia; react-hot-toast and the layout ask it about motion and width.
if (!window.matchMedia) {
  window.matchMedia = (query: string): MediaQueryList => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => undefined,
    removeListener: () => undefined,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    dispatchEvent: () => false,
  });
}

// jsdom's <dialog> has no methods. showModal opens it and, as a browser does, turns Escape pressed
// inside it into a cancelable `cancel` that closes it unless prevented; close closes it. Not
// emulated: the inert page and the focus trap.
HTMLDialogElement.prototype.showModal ??= function showModal(this: HTMLDialogElement) {
  this.open = true;
  this.addEventListener('keydown', (event) => {
    if (event.key !== 'Escape' || !this.open) return;
    if (this.dispatchEvent(new Event('cancel', { cancelable: true }))) this.close();
  });
};
HTMLDialogElement.prototype.close ??= function close(this: HTMLDialogElement) {
  this.open = false;
};

// As the signed-in shell does when it loads: screens rendered alone send through the outbox too.
bindOutboxUser(userAtom);

beforeEach(async () => {
  localStorage.clear();
  sessionStorage.clear();
  // English, as SPEC.md words it, unless a test chooses Malayalam; every screen's texts are loaded.
  await activateLanguage('en');
  await loadSignedInTexts();
  // As after the app's first seconds: the toast library is there, so a toast shows at once.
  await preloadToasts();
});

afterEach(async () => {
  cleanup();
  toast.remove();
  resetAppStore();
  appStore.set(tokenAtom, RESET);
  localStorage.clear();
  sessionStorage.clear();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  // After the real timers are back: fake-indexeddb schedules its work on them.
  await clearWorkerStore();
});
