import { useSyncExternalStore } from 'react';
import { useLingui } from '@lingui/react';

function subscribe(onChange: () => void): () => void {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}

const isOnline = () => navigator.onLine;

/** DESIGN §6: says plainly that there is no connection, while there is none. */
export function OfflineBanner() {
  const { i18n } = useLingui();
  const online = useSyncExternalStore(subscribe, isOnline, () => true);
  if (online) return null;
  return (
    <p className="offline-banner" role="status">
      {i18n._('app.offline')}
    </p>
  );
}
