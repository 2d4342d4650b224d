/**
 * The error boundary of the routes (root and signed-in shell): a route chunk of an old build reloads
 * the page once; anything else shows a plain screen with a Reload button instead of React Router's
 * developer page.
 */
import { useEffect, useState } from 'react';
import { useRouteError } from 'react-router-dom';
import { isChunkLoadError, reloadOnceForNewBuild } from './chunk-reload';

export function ErrorScreen() {
  const error = useRouteError();
  const [reloading] = useState(() => isChunkLoadError(error) && reloadOnceForNewBuild());
  useEffect(() => {
    if (!reloading) console.error('A screen failed to render', error);
  }, [error, reloading]);
  if (reloading) return <div className="route-fallback" role="status" aria-label="Loading" />;
  // Read here rather than through lib/api-client, which would pull the HTTP client into the entry chunk.
  const offline = navigator.onLine === false;
  return (
    <main className="auth-page">
      <div className="card auth-card empty-state" role="alert">
        <h1>Something went wrong</h1>
        <p className="muted">
          {offline
            ? 'You are offline and this screen could not be loaded. Connect to the internet and reload.'
            : 'This screen could not be shown. Reloading usually fixes it.'}
        </p>
        <button type="button" className="button button-primary" onClick={() => window.location.reload()}>
          Reload
        </button>
      </div>
    </main>
  );
}
