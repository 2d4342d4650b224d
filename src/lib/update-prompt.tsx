/**
 * The offer of a new build (see ./service-worker), loaded with workbox-window once a worker of ours
 * controls the page, so from its precache and never with the first load of /login: the new worker
 * waits until the user taps Reload, then every page it takes over reloads into the new build, so
 * nothing runs half on the old one.
 */
import { useLingui } from '@lingui/react';
import { useSyncExternalStore } from 'react';
import { Workbox } from 'workbox-window';
import './update-prompt.css';

type UpdateState = 'none' | 'waiting' | 'accepted';

let workbox: Workbox | undefined;
let updateState: UpdateState = 'none';
const listeners = new Set<() => void>();

function setUpdateState(next: UpdateState): void {
  updateState = next;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Registers the worker through workbox-window, which from then on tells when a new build waits. */
export function registerWatchingUpdates(scriptUrl: string): Promise<ServiceWorkerRegistration | undefined> {
  const wb = new Workbox(scriptUrl);
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

function acceptUpdate(): void {
  setUpdateState('accepted');
  workbox?.messageSkipWaiting();
}

const noUpdate = (): UpdateState => 'none';

/** Shown through ./service-worker's <UpdatePrompt> while a new build waits. */
export function UpdateOffer() {
  const { i18n } = useLingui();
  const state = useSyncExternalStore(subscribe, () => updateState, noUpdate);
  if (state === 'none') return null;
  return (
    <div className="update-prompt" role="status">
      <span>{i18n._('app.updateAvailable')}</span>
      <button
        type="button"
        className="button button-primary"
        disabled={state === 'accepted'}
        onClick={acceptUpdate}
      >
        {i18n._('app.reload')}
      </button>
    </div>
  );
}
