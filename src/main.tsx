// The global sheet first, so the screens' own styles come after it and win ties.
import './styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router-dom';
import { App } from './app/app';
import { preloadScreen, routes } from './app/routes';
import { startFollowingLanguage } from './i18n/follow-language';
import { loadPersisted } from './state/persist';
import { registerServiceWorker } from './lib/service-worker';
import { getToken } from './lib/token';

async function start(): Promise<void> {
  // DESIGN §6: the stored user and vehicles are in the store before the first render, and the
  // first screen's chunks are loaded, so it shows in one go.
  // The texts are in the user's language from the first frame (issue 16).
  await Promise.all([
    loadPersisted().then(startFollowingLanguage),
    preloadScreen(window.location.pathname, getToken() !== null),
  ]);
  const root = document.getElementById('root');
  if (!root) throw new Error('index.html has no #root');
  createRoot(root).render(
    <StrictMode>
      <App router={createBrowserRouter(routes)} />
    </StrictMode>,
  );
  void registerServiceWorker();
}

void start();
