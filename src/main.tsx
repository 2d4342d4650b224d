// The global sheet first, so the screens' own styles come after it and win ties.
import './styles.css';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router-dom';
import { App, AppRouter } from './app/app';
import { routerReady, routes } from './app/routes';
import { deviceLanguage } from './i18n/device-language';
import { startFollowingLanguage } from './i18n/follow-language';
import { loadPersisted } from './state/persist';
import { registerServiceWorker } from './lib/service-worker';
import { appStore } from './lib/store';
import { tokenAtom } from './lib/token';

/**
 * Whether the page holds the sign-in screen prerendered at build time (src/prerender.tsx) and this
 * visit renders exactly that: a visitor (no stored token) in English at one of its paths. Otherwise
 * it is removed at once, so nobody sees a screen the app is not going to show.
 */
function adoptPrerendered(root: HTMLElement): boolean {
  const paths = root.dataset.prerendered?.split(' ');
  if (paths === undefined) return false;
  const matches =
    paths.includes(window.location.pathname) && appStore.get(tokenAtom) === null && deviceLanguage() === 'en';
  if (!matches) root.replaceChildren();
  return matches;
}

async function start(): Promise<void> {
  const root = document.getElementById('root');
  if (!root) throw new Error('index.html has no #root');
  const hydrate = adoptPrerendered(root);
  // DESIGN §6: the stored user and vehicles are in the store before the first render, and the
  // router has run the guards and loaded the first screen's chunks, so it shows in one go.
  // The texts are in the user's language from the first frame.
  const persisted = loadPersisted().then(startFollowingLanguage);
  const router = createBrowserRouter(routes);
  await Promise.all([persisted, routerReady(router)]);
  const app = (
    <StrictMode>
      <App>
        <AppRouter router={router} />
      </App>
    </StrictMode>
  );
  if (hydrate) hydrateRoot(root, app);
  else createRoot(root).render(app);
  void registerServiceWorker();
}

void start();
