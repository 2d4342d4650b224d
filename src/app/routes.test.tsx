import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { appStore } from '../lib/store';
import { ownersAtom } from '../state/owners';
import { anOwnedVehicle } from '../testing/fixtures';
import { signIn } from '../testing/session';
import { renderApp } from './test-app';

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
      const { router } = renderApp(path);
      await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
      expect(await screen.findByRole('button', { name: 'SEND VERIFICATION CODE' })).toBeInTheDocument();
    });
  }

  for (const path of PUBLIC_ROUTES) {
    it(`${path} sends a signed-in user to /dashboard`, async () => {
      signIn();
      const { router } = renderApp(path);
      await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    });
  }

  it('/ shows the login screen to a visitor', async () => {
    const { router } = renderApp('/');
    expect(await screen.findByRole('button', { name: 'SEND VERIFICATION CODE' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
  });

  it('/ shows the dashboard to a signed-in user', async () => {
    signIn();
    const { router } = renderApp('/');
    expect(await screen.findByText('1,234 Active Users')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
  });

  it('/dashboard shows the search panel above How It Works', async () => {
    signIn();
    renderApp('/dashboard');
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
      const { router, unmount } = renderApp(path);
      expect(await screen.findByRole('heading', { name: heading })).toBeInTheDocument();
      expect(`${router.state.location.pathname}${router.state.location.search}`).toBe(path);
      unmount();
    }
  });
});

describe('404 page', () => {
  it("shows 'Page Not Found' and the apology for an unknown path", async () => {
    renderApp('/no-such-page');
    expect(await screen.findByRole('heading', { name: 'Page Not Found' })).toBeInTheDocument();
    expect(screen.getByText('Sorry, the page you are looking for does not exist.')).toBeInTheDocument();
  });

  it("has a 'Go Home' link to /", async () => {
    renderApp('/no-such-page');
    expect(await screen.findByRole('link', { name: 'Go Home' })).toHaveAttribute('href', '/');
  });

  it('is shown to signed-in users too', async () => {
    signIn();
    renderApp('/nothing/here');
    expect(await screen.findByRole('heading', { name: 'Page Not Found' })).toBeInTheDocument();
  });
});
