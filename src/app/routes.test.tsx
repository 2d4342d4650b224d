import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { appStore } from '../lib/store';
import { ownersAtom } from '../state/owners';
import { anOwnedVehicle } from '../testing/fixtures';
import { signIn, TEST_TOKEN } from '../testing/session';
import { renderApp } from '../testing/app';

const SIGNED_IN_ROUTES = [
  '/dashboard',
  '/vehicleSearch',
  '/addVehicle',
  '/myVehicle',
  '/message',
  '/settings',
  '/requests',
];
const PUBLIC_ROUTES = ['/login', '/registration', '/otp-verification'];

describe('route access', () => {
  for (const path of SIGNED_IN_ROUTES) {
    it(`${path} sends a visitor to /login`, async () => {
      const { router } = await renderApp(path);
      await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
      expect(await screen.findByRole('button', { name: 'SEND VERIFICATION CODE' })).toBeInTheDocument();
    });
  }

  for (const path of PUBLIC_ROUTES) {
    it(`${path} sends a signed-in user to /dashboard`, async () => {
      signIn();
      const { router } = await renderApp(path);
      await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    });
  }

  it('/ shows the login screen to a visitor', async () => {
    const { router } = await renderApp('/');
    expect(await screen.findByRole('button', { name: 'SEND VERIFICATION CODE' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
  });

  it('/ shows the dashboard to a signed-in user', async () => {
    signIn();
    const { router } = await renderApp('/');
    expect(await screen.findByRole('heading', { name: 'How It Works' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
  });

  it('/dashboard shows the search panel above How It Works', async () => {
    signIn();
    await renderApp('/dashboard');
    const howItWorks = await screen.findByRole('heading', { name: 'How It Works' });
    const search = await screen.findByRole('button', { name: 'FIND VEHICLE OWNER' });
    expect(search.compareDocumentPosition(howItWorks) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  const SIGNED_IN_SCREENS: [path: string, heading: string][] = [
    ['/dashboard', 'How It Works'],
    ['/vehicleSearch', 'Search Vehicles'],
    ['/addVehicle', 'Add New Vehicle'],
    ['/myVehicle', 'My Vehicles'],
    ['/message?id=vehicle-1', 'User Details'],
    ['/settings', 'Set your Privacy'],
    ['/requests', 'My requests'],
  ];

  it('a signed-in user reaches every signed-in screen', async () => {
    expect(SIGNED_IN_SCREENS.map(([path]) => path.split('?')[0])).toEqual(SIGNED_IN_ROUTES);
    signIn();
    appStore.set(ownersAtom, [anOwnedVehicle({ _id: 'vehicle-1' })]);
    for (const [path, heading] of SIGNED_IN_SCREENS) {
      const { router, unmount } = await renderApp(path);
      expect(await screen.findByRole('heading', { name: heading })).toBeInTheDocument();
      expect(`${router.state.location.pathname}${router.state.location.search}`).toBe(path);
      unmount();
    }
  });
});

describe('route access follows the token', () => {
  /** What the browser tells this tab when another one writes `token`. */
  const tokenChangedInAnotherTab = () =>
    act(() =>
      window.dispatchEvent(
        new StorageEvent('storage', {
          key: 'token',
          newValue: localStorage.getItem('token'),
          storageArea: localStorage,
        }),
      ),
    );

  it('another tab signing out sends this one from a signed-in screen to /login', async () => {
    signIn();
    const { router } = await renderApp('/settings');
    localStorage.removeItem('token');
    tokenChangedInAnotherTab();
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(await screen.findByRole('button', { name: 'SEND VERIFICATION CODE' })).toBeInTheDocument();
  });

  it('another tab signing in sends this one from /login to /dashboard', async () => {
    const { router } = await renderApp('/login');
    localStorage.setItem('token', JSON.stringify(TEST_TOKEN));
    tokenChangedInAnotherTab();
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
  });
});

describe('404 page', () => {
  it("shows 'Page Not Found' and the apology for an unknown path", async () => {
    await renderApp('/no-such-page');
    expect(await screen.findByRole('heading', { name: 'Page Not Found' })).toBeInTheDocument();
    expect(screen.getByText('Sorry, the page you are looking for does not exist.')).toBeInTheDocument();
  });

  it("has a 'Go Home' link to /", async () => {
    await renderApp('/no-such-page');
    expect(await screen.findByRole('link', { name: 'Go Home' })).toHaveAttribute('href', '/');
  });

  it('is shown to signed-in users too', async () => {
    signIn();
    await renderApp('/nothing/here');
    expect(await screen.findByRole('heading', { name: 'Page Not Found' })).toBeInTheDocument();
  });
});
