/**
 * The error boundary of the routes (root and signed-in shell): a route chunk of an old build reloads
 * the page once; anything else shows a plain screen with a Reload button instead of React Router's
 * developer page.
 */
import { useLingui } from '@lingui/react';
import { useEffect, useState } from 'react';
import { useRouteError } from 'react-router-dom';
import { Button } from '../components/button';
import { isChunkLoadError, reloadOnceForNewBuild } from './chunk-reload';

export function ErrorScreen() {
  const { i18n } = useLingui();
  const error = useRouteError();
  const [reloading] = useState(() => isChunkLoadError(error) && reloadOnceForNewBuild());
  useEffect(() => {
    if (!reloading) console.error('A screen failed to render', error);
  }, [error, reloading]);
  if (reloading) return <div className="route-fallback" role="status" aria-label={i18n._('app.loading')} />;
  // Read here rather than through lib/api-client, which would pull the HTTP client into the entry chunk.
  const offline = navigator.onLine === false;
  return (
    <main className="auth-page">
      <div className="card auth-card empty-state" role="alert">
        <h1>{i18n._('app.errorTitle')}</h1>
        <p className="muted">{offline ? i18n._('app.errorOffline') : i18n._('app.errorHint')}</p>
        <Button variant="primary" onClick={() => window.location.reload()}>
          {i18n._('app.reload')}
        </Button>
      </div>
    </main>
  );
}
