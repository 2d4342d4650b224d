// The global sheet first, so the screens' own styles come after it and win ties.
import './styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router-dom';
import { App } from './app/app';
import { routes } from './app/routes';
import { loadPersisted } from './lib/persist';
import { registerServiceWorker } from './lib/service-worker';
import { getToken } from './lib/token';

async function start(): Promise<void> {
  // A stored token means the signed-in shell comes next: its chunk loads while IndexedDB is read.
  if (getToken() !== null) import('./app/signed-in-area').catch(() => undefined);
  // DESIGN §6: the stored user and vehicles are in the store before the first render.
  await loadPersisted();
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
