// The global sheet first, so the screens' own styles come after it and win ties.
import './styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router-dom';
import { App } from './app/app';
import { routerReady, routes } from './app/routes';
import { startFollowingLanguage } from './i18n/follow-language';
import { loadPersisted } from './state/persist';
import { registerServiceWorker } from './lib/service-worker';

async function start(): Promise<void> {
  // DESIGN §6: the stored user and vehicles are in the store before the first render, and the
  // router has run the guards and loaded the first screen's chunks, so it shows in one go.
  // The texts are in the user's language from the first frame (issue 16).
  // loadPersisted reads the token at once, before the router's first guards ask for it.
  const persisted = loadPersisted().then(startFollowingLanguage);
  const router = createBrowserRouter(routes);
  await Promise.all([persisted, routerReady(router)]);
  const root = document.getElementById('root');
  if (!root) throw new Error('index.html has no #root');
  createRoot(root).render(
    <StrictMode>
      <App router={router} />
    </StrictMode>,
  );
  void registerServiceWorker();
}

void start();
