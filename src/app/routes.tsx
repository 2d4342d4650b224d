/**
 * Every route of SPEC §2 in one table. Each screen, and the signed-in shell, is a chunk of its own,
 * so the first load of /login carries nothing used only after sign-in. Before the first render,
 * main.tsx loads the chunks of the first screen (preloadScreen): it then appears in one go, the
 * stored user with it, rather than after a loading fallback.
 */
import { useLingui } from '@lingui/react';
import { Suspense, type ReactNode } from 'react';
import { Outlet, type RouteObject } from 'react-router-dom';
import { loadSignedInTexts } from '../i18n/i18n';
import { useAtomValue } from '../lib/store';
import { tokenAtom } from '../state/user';
import { ErrorScreen } from './error-screen';
import { PublicOnly, RequireToken } from './guards';
import { preloadable, type Preloadable } from './preloadable';

const SignedInArea = preloadable<{ children: ReactNode }>(async () => {
  const [shell] = await Promise.all([import('./signed-in-area'), loadSignedInTexts()]);
  return shell;
});
const LoginPage = preloadable(() => import('../features/auth/login-page'));
const DashboardPage = preloadable(() => import('./dashboard-page'));
const NotFoundPage = preloadable(() => import('./not-found-page'));

const PUBLIC_SCREENS: Record<string, Preloadable> = {
  '/login': LoginPage,
  '/registration': preloadable(() => import('../features/auth/registration-page')),
  '/otp-verification': preloadable(() => import('../features/auth/otp-page')),
};

const SIGNED_IN_SCREENS: Record<string, Preloadable> = {
  '/dashboard': DashboardPage,
  '/vehicleSearch': preloadable(() => import('../features/search/vehicle-search-page')),
  '/addVehicle': preloadable(() => import('../features/vehicles/add-vehicle-page')),
  '/myVehicle': preloadable(() => import('../features/vehicles/my-vehicles-page')),
  '/message': preloadable(() => import('../features/contact/message-page')),
  '/settings': preloadable(() => import('../features/settings/settings-page')),
  '/requests': preloadable(() => import('../features/requests/requests-page')),
};

function RouteFallback() {
  const { i18n } = useLingui();
  return <div className="route-fallback" role="status" aria-label={i18n._('app.loading')} />;
}

function screen(Page: Preloadable) {
  return (
    <Suspense fallback={<RouteFallback />}>
      <Page />
    </Suspense>
  );
}

/** The signed-in shell (session check, sidebar, header) around the current screen. */
function SignedInShell() {
  return (
    <RequireToken>
      <Suspense fallback={<RouteFallback />}>
        <SignedInArea>
          <Suspense fallback={<RouteFallback />}>
            <Outlet />
          </Suspense>
        </SignedInArea>
      </Suspense>
    </RequireToken>
  );
}

/** `/` is the login screen for visitors and the dashboard once signed in (SPEC §2). */
function HomeRoute() {
  const token = useAtomValue(tokenAtom);
  return token === null ? screen(LoginPage) : <SignedInShell />;
}

const screenAt = (table: Record<string, Preloadable>, path: string) =>
  Object.hasOwn(table, path) ? table[path] : undefined;

/** Loads the chunks of what `pathname` shows (after the guards' redirects), so it renders at once. */
export function preloadScreen(pathname: string, signedIn: boolean): Promise<unknown> {
  const known =
    pathname === '/' || [PUBLIC_SCREENS, SIGNED_IN_SCREENS].some((table) => screenAt(table, pathname));
  const chunks = !known
    ? [NotFoundPage]
    : signedIn
      ? [SignedInArea, screenAt(SIGNED_IN_SCREENS, pathname) ?? DashboardPage]
      : [screenAt(PUBLIC_SCREENS, pathname) ?? LoginPage];
  return Promise.all(chunks.map((chunk) => chunk.preload()));
}

const errorElement = <ErrorScreen />;

export const routes: RouteObject[] = [
  {
    path: '/',
    element: <HomeRoute />,
    errorElement,
    children: [{ index: true, element: <DashboardPage />, errorElement }],
  },
  {
    element: <PublicOnly />,
    errorElement,
    children: Object.entries(PUBLIC_SCREENS).map(([path, Page]) => ({ path, element: screen(Page) })),
  },
  {
    element: <SignedInShell />,
    errorElement,
    // A screen that fails shows the error inside the shell, with the sidebar still there.
    children: [
      {
        errorElement,
        children: Object.entries(SIGNED_IN_SCREENS).map(([path, Page]) => ({ path, element: <Page /> })),
      },
    ],
  },
  { path: '*', element: screen(NotFoundPage), errorElement },
];
