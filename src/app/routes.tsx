/**
 * Every route of SPEC §2 in one table. Each screen, and the signed-in shell, is a chunk of its own
 * (React Router's route `lazy`), so the first load of /login carries nothing used only after
 * sign-in. Before it shows a location the router runs the guards (loaders, see guards.ts) and loads
 * the chunks of the routes that match; main.tsx renders only once it has done so for the first
 * location (routerReady), so the first screen appears in one go, the stored user with it, rather
 * than after a loading fallback.
 */
import type { ComponentType } from 'react';
import {
  useLoaderData,
  useRouteLoaderData,
  type RouteObject,
  type createBrowserRouter,
} from 'react-router-dom';
import { loadSignedInTexts } from '../i18n/i18n';
import { ErrorScreen } from './error-screen';
import { publicOnly, requireToken, signedIn } from './guards';

type Router = ReturnType<typeof createBrowserRouter>;

/** A route's `lazy`: the screen is the default export of its chunk. */
const screen = (load: () => Promise<{ default: ComponentType }>) => async () => ({
  Component: (await load()).default,
});

async function loadSignedInArea(): Promise<ComponentType> {
  const [shell] = await Promise.all([import('./signed-in-area'), loadSignedInTexts()]);
  await shell.storedStateRead;
  return shell.default;
}
const loadLoginPage = () => import('../features/auth/login-page');
const loadDashboardPage = () => import('./dashboard-page');

interface HomeScreens {
  /** The signed-in shell, when signed in. */
  Shell?: ComponentType;
  Page: ComponentType;
}

/** `/` is the login screen for visitors and the dashboard once signed in (SPEC §2): only that one loads. */
async function homeLoader(): Promise<HomeScreens> {
  if (!signedIn()) return { Page: (await loadLoginPage()).default };
  const [Shell, dashboard] = await Promise.all([loadSignedInArea(), loadDashboardPage()]);
  return { Shell, Page: dashboard.default };
}

function HomeRoute() {
  const { Shell, Page } = useLoaderData<HomeScreens>();
  // The shell's outlet shows the index route: a failing dashboard shows its error inside the shell.
  return Shell ? <Shell /> : <Page />;
}

function HomeDashboard() {
  const home = useRouteLoaderData<HomeScreens>('home');
  return home ? <home.Page /> : null;
}

const PUBLIC_SCREENS: RouteObject[] = [
  { path: '/login', lazy: screen(loadLoginPage) },
  {
    path: '/registration',
    // Its privacy notice is a text of the signed-in part, kept out of the first load of /login.
    lazy: screen(async () => {
      const [page] = await Promise.all([import('../features/auth/registration-page'), loadSignedInTexts()]);
      return page;
    }),
  },
  {
    path: '/otp-verification',
    // Its texts are in the signed-in part, which the screen after it needs anyway.
    lazy: screen(async () => {
      const [page] = await Promise.all([import('../features/auth/otp-page'), loadSignedInTexts()]);
      return page;
    }),
  },
];

const SIGNED_IN_SCREENS: RouteObject[] = [
  { path: '/dashboard', lazy: screen(loadDashboardPage) },
  { path: '/vehicleSearch', lazy: screen(() => import('../features/search/vehicle-search-page')) },
  { path: '/addVehicle', lazy: screen(() => import('../features/vehicles/add-vehicle-page')) },
  { path: '/myVehicle', lazy: screen(() => import('../features/vehicles/my-vehicles-page')) },
  { path: '/message', lazy: screen(() => import('../features/contact/message-page')) },
  { path: '/settings', lazy: screen(() => import('../features/settings/settings-page')) },
  { path: '/requests', lazy: screen(() => import('../features/requests/requests-page')) },
  { path: '/slips', lazy: screen(() => import('../features/slips/slips-page')) },
];

const errorElement = <ErrorScreen />;

export const routes: RouteObject[] = [
  {
    id: 'home',
    path: '/',
    loader: homeLoader,
    Component: HomeRoute,
    errorElement,
    children: [{ index: true, Component: HomeDashboard, errorElement }],
  },
  { loader: publicOnly, errorElement, children: PUBLIC_SCREENS },
  {
    // The signed-in shell (session check, sidebar, header) around the current screen.
    loader: requireToken,
    lazy: async () => ({ Component: await loadSignedInArea() }),
    errorElement,
    // A screen that fails shows the error inside the shell, with the sidebar still there.
    children: [{ errorElement, children: SIGNED_IN_SCREENS }],
  },
  { path: '*', lazy: screen(() => import('./not-found-page')), errorElement },
];

/**
 * Resolves once the router has shown its first location: the guards have run and the chunks of the
 * screen are loaded (or failed, for the error screen), so rendering now shows the screen at once.
 */
export function routerReady(router: Router): Promise<void> {
  return new Promise((resolve) => {
    if (router.state.initialized) return resolve();
    const unsubscribe = router.subscribe((state) => {
      if (!state.initialized) return;
      unsubscribe();
      resolve();
    });
  });
}
