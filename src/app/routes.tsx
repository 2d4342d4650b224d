/**
 * Every route of SPEC §2 in one table. Each screen is its own lazy chunk, so the login screen
 * downloads none of the signed-in screens. The signed-in shell is a chunk of its own too, so the
 * first load of /login carries nothing used only after sign-in; main.tsx starts loading it early
 * when a token is stored, and it shows the stored user while the screen's chunk arrives.
 */
import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from 'react';
import { Outlet, type RouteObject } from 'react-router-dom';
import { useAtomValue } from '../lib/store';
import { tokenAtom } from '../state/user';
import { PublicOnly, RequireToken } from './guards';

const SignedInArea = lazy(() => import('./signed-in-area'));
const LoginPage = lazy(() => import('../features/auth/login-page'));
const RegistrationPage = lazy(() => import('../features/auth/registration-page'));
const OtpPage = lazy(() => import('../features/auth/otp-page'));
const DashboardPage = lazy(() => import('./dashboard-page'));
const VehicleSearchPage = lazy(() => import('../features/search/vehicle-search-page'));
const AddVehiclePage = lazy(() => import('../features/vehicles/add-vehicle-page'));
const MyVehiclesPage = lazy(() => import('../features/vehicles/my-vehicles-page'));
const MessagePage = lazy(() => import('../features/contact/message-page'));
const SettingsPage = lazy(() => import('../features/settings/settings-page'));
const NotFoundPage = lazy(() => import('./not-found-page'));

function RouteFallback() {
  return <div className="route-fallback" role="status" aria-label="Loading" />;
}

function screen(Page: LazyExoticComponent<ComponentType>) {
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
      <SignedInArea>
        <Suspense fallback={<RouteFallback />}>
          <Outlet />
        </Suspense>
      </SignedInArea>
    </RequireToken>
  );
}

/** `/` is the login screen for visitors and the dashboard once signed in (SPEC §2). */
function HomeRoute() {
  const token = useAtomValue(tokenAtom);
  return token === null ? screen(LoginPage) : <SignedInShell />;
}

export const routes: RouteObject[] = [
  {
    path: '/',
    element: <HomeRoute />,
    children: [{ index: true, element: <DashboardPage /> }],
  },
  {
    element: <PublicOnly />,
    children: [
      { path: '/login', element: screen(LoginPage) },
      { path: '/registration', element: screen(RegistrationPage) },
      { path: '/otp-verification', element: screen(OtpPage) },
    ],
  },
  {
    element: <SignedInShell />,
    children: [
      { path: '/dashboard', element: <DashboardPage /> },
      { path: '/vehicleSearch', element: <VehicleSearchPage /> },
      { path: '/addVehicle', element: <AddVehiclePage /> },
      { path: '/myVehicle', element: <MyVehiclesPage /> },
      { path: '/message', element: <MessagePage /> },
      { path: '/settings', element: <SettingsPage /> },
    ],
  },
  { path: '*', element: screen(NotFoundPage) },
];
