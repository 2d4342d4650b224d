import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { appStore } from '../lib/store';
import { reportStorageProblem } from '../lib/storage-problem';
import { userAtom } from '../state/user';
import { aUser } from '../testing/fixtures';
import { jsonResponse } from '../testing/render';
import { signIn } from '../testing/session';
import { renderApp } from '../testing/app';

const never = () => new Promise<Response>(() => undefined);

describe('session check on entering a signed-in screen', () => {
  it('shows the stored user at once, before the server answers', async () => {
    signIn(aUser({ name: 'Stored Name', email: 'stored@example.in' }));
    await renderApp('/settings', (call) => (call.url === '/api/users/validateUser' ? never() : undefined));
    const sidebar = await screen.findByRole('complementary', { name: 'Main menu' });
    expect(within(sidebar).getByText('Stored Name')).toBeInTheDocument();
    expect(within(sidebar).getByText('stored@example.in')).toBeInTheDocument();
  });

  it('sends the stored token to validateUser', async () => {
    signIn(aUser(), 'the-token');
    const { calls } = await renderApp('/settings');
    await waitFor(() => expect(calls.some((call) => call.url === '/api/users/validateUser')).toBe(true));
    const check = calls.find((call) => call.url === '/api/users/validateUser');
    expect(check?.headers.get('authorization')).toBe('Bearer the-token');
  });

  it('a 401 removes the token and goes to /login', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    signIn();
    const { router } = await renderApp('/settings', (call) =>
      call.url === '/api/users/validateUser' ? jsonResponse({ message: 'Unauthorized' }, 401) : undefined,
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(localStorage.getItem('token')).toBeNull();
    expect(appStore.get(userAtom)).toBeNull();
  });

  it('a network failure keeps the user signed in with the stored copy', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    signIn(aUser({ name: 'Offline User' }));
    const { router, calls } = await renderApp('/settings', (call) => {
      if (call.url === '/api/users/validateUser') throw new TypeError('Failed to fetch');
      return undefined;
    });
    await waitFor(() => expect(calls.some((call) => call.url === '/api/users/validateUser')).toBe(true));
    expect(await screen.findByRole('heading', { name: 'Set your Privacy' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/settings');
    expect(localStorage.getItem('token')).toBe('"test-token"');
    expect(screen.getByText('Offline User')).toBeInTheDocument();
  });

  it("the server's answer updates the stored user", async () => {
    signIn(aUser({ name: 'Old Name' }));
    await renderApp('/settings', (call) =>
      call.url === '/api/users/validateUser'
        ? jsonResponse({ user: aUser({ name: 'New Name' }) })
        : undefined,
    );
    expect(await screen.findByText('New Name')).toBeInTheDocument();
  });
});

describe('signed-in layout', () => {
  it('the sidebar links to Home, Add Vehicle, My Vehicles, My requests, Wiper slips and Settings', async () => {
    signIn();
    await renderApp('/settings');
    const sidebar = screen.getByRole('complementary', { name: 'Main menu' });
    const links = within(sidebar)
      .getAllByRole('link')
      .map((link) => [link.textContent, link.getAttribute('href')]);
    expect(links).toEqual([
      ['Home', '/dashboard'],
      ['Add Vehicle', '/addVehicle'],
      ['My Vehicles', '/myVehicle'],
      ['My requests', '/requests'],
      ['Wiper slips', '/slips'],
      ['Settings', '/settings'],
      ['Logout', '/login'],
    ]);
  });

  it('the Logout link is marked as the red, destructive one', async () => {
    signIn();
    await renderApp('/settings');
    expect(screen.getByRole('link', { name: 'Logout' })).toHaveClass('sidebar-logout');
  });

  it('the menu button opens and closes the sidebar drawer', async () => {
    const user = userEvent.setup();
    signIn();
    await renderApp('/settings');
    const menu = screen.getByRole('button', { name: 'Menu' });
    await user.click(menu);
    expect(menu).toHaveAttribute('aria-expanded', 'true');
    await user.click(menu);
    expect(menu).toHaveAttribute('aria-expanded', 'false');
  });

  it('following a sidebar link closes the drawer', async () => {
    const user = userEvent.setup();
    signIn();
    await renderApp('/settings');
    const menu = screen.getByRole('button', { name: 'Menu' });
    await user.click(menu);
    await user.click(screen.getByRole('link', { name: 'My Vehicles' }));
    expect(menu).toHaveAttribute('aria-expanded', 'false');
  });

  it("'Search Vehicles' goes to /vehicleSearch", async () => {
    const user = userEvent.setup();
    signIn();
    const { router } = await renderApp('/settings');
    await user.click(screen.getByRole('button', { name: 'Search Vehicles' }));
    // The router changes the location once the screen's chunk is loaded.
    await waitFor(() => expect(router.state.location.pathname).toBe('/vehicleSearch'));
  });

  it('the header holds the notification bell', async () => {
    signIn();
    await renderApp('/settings');
    expect(screen.getByRole('banner')).toContainElement(
      screen.getByRole('button', { name: /^Notifications/ }),
    );
  });

  it("shows a banner with what to do once a write to the device's storage failed", async () => {
    signIn();
    await renderApp('/settings');
    expect(screen.queryByText(/storage is full/)).not.toBeInTheDocument();
    reportStorageProblem(new DOMException('The quota has been exceeded.', 'QuotaExceededError'));
    expect(await screen.findByRole('alert')).toHaveTextContent(/storage is full.*Free some space/);
  });
});

describe('consent to the privacy notice', () => {
  it('asks a signed-in account that has not consented', async () => {
    signIn(aUser({ consentedAt: null }));
    await renderApp('/settings', (call) =>
      call.url === '/api/users/validateUser'
        ? jsonResponse({ user: aUser({ consentedAt: null }) })
        : undefined,
    );
    expect(await screen.findByRole('dialog', { name: 'Your data' })).toBeInTheDocument();
  });

  it('does not ask an account that consented', async () => {
    signIn(aUser());
    await renderApp('/settings');
    expect(await screen.findByRole('heading', { name: 'Set your Privacy' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
