/**
 * While the router loads the next screen's chunk (a first visit before the service worker has cached
 * it, on a slow network) the current screen stays up: this bar says that the tap was taken.
 */
import { useLingui } from '@lingui/react';
import { useNavigation } from 'react-router-dom';

export function NavigationProgress() {
  const { i18n } = useLingui();
  if (useNavigation().state !== 'loading') return null;
  return <div className="navigation-progress" role="progressbar" aria-label={i18n._('app.loading')} />;
}
