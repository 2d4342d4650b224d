import { I18nProvider } from '@lingui/react';
import { useEffect, type ReactNode } from 'react';
import { RouterProvider, type createBrowserRouter } from 'react-router-dom';
import { OfflineBanner } from '../components/offline-banner';
import { i18n } from '../i18n/i18n';
import { UpdatePrompt } from '../lib/service-worker';
import { appStore, Provider } from '../lib/store';
import { AppToaster } from '../lib/toasts';
import { tokenAtom } from '../lib/token';

type Router = ReturnType<typeof createBrowserRouter>;

/**
 * The app around its router: `<AppRouter>` in the browser, `<StaticRouterProvider>` when the
 * sign-in screen is prerendered at build time (src/prerender.tsx). Both render the same markup,
 * which the browser then hydrates.
 */
export function App({ children }: { children: ReactNode }) {
  return (
    <Provider store={appStore}>
      <I18nProvider i18n={i18n}>
        <OfflineBanner />
        {children}
        <AppToaster />
        <UpdatePrompt />
      </I18nProvider>
    </Provider>
  );
}

/** The browser's router. The guards are loaders: a new token (sign-in, sign-out, a 401) runs them again, here and now. */
export function AppRouter({ router }: { router: Router }) {
  useEffect(() => appStore.sub(tokenAtom, () => void router.revalidate()), [router]);
  return <RouterProvider router={router} />;
}
