import 'fake-indexeddb/auto';
import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { toast } from 'react-hot-toast';
import { afterEach, beforeEach, vi } from 'vitest';
import { clearWorkerStore } from '#common/worker-store';
import { activateLanguage, loadSignedInTexts } from '../i18n/i18n';
import { resetAppStore } from '../lib/store';
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
  localStorage.clear();
  sessionStorage.clear();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  // After the real timers are back: fake-indexeddb schedules its work on them.
  await clearWorkerStore();
});
