import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { appStore } from '../lib/store';
import {
  localNotificationsAtom,
  addLocalNotification,
  serverNotificationsAtom,
} from '../state/notifications';
import { ownersAtom, setOwners } from '../state/owners';
import { tokenAtom } from '../lib/token';
import { userAtom } from '../state/user';
import { setVehicles, vehiclesAtom } from '../state/vehicles';
import { aVehicle, anOwnedVehicle } from '../testing/fixtures';
import { jsonResponse, stubFetch } from '../testing/render';
import { signIn } from '../testing/session';
import { putItem, queuedItems } from '#common/outbox/outbox-db';
import { readWorkerSession, saveWorkerSession } from '#common/worker-store';
import { logout } from './session';
import { renderApp } from '../testing/app';

const unregister = vi.fn(() => Promise.resolve(true));

beforeEach(() => {
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: {
      getRegistrations: () => Promise.resolve([{ unregister }, { unregister }]),
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
    },
  });
});

afterEach(() => {
  Reflect.deleteProperty(navigator, 'serviceWorker');
  unregister.mockClear();
});

function signedInWithEverything() {
  signIn(undefined, 'session-token');
  setVehicles([aVehicle()]);
  setOwners([anOwnedVehicle()]);
  addLocalNotification({ id: 'n1', body: 'Move your car' });
  localStorage.setItem('fcm_token', 'device-token');
}

describe('logout', () => {
  it('first tells the server, with the device push token and the session token', async () => {
    signedInWithEverything();
    const calls = stubFetch(() => jsonResponse({ message: 'Logged out' }));
    await logout();
    expect(calls[0]).toMatchObject({
      url: '/api/users/logout',
      method: 'POST',
      body: { fcmToken: 'device-token' },
    });
    expect(calls[0]?.headers.get('authorization')).toBe('Bearer session-token');
  });

  it('clears the user, their vehicles, the owner list and the notifications', async () => {
    signedInWithEverything();
    stubFetch(() => jsonResponse({}));
    await logout();
    expect(appStore.get(userAtom)).toBeNull();
    expect(appStore.get(vehiclesAtom)).toEqual([]);
    expect(appStore.get(ownersAtom)).toBeNull();
    expect(appStore.get(localNotificationsAtom)).toEqual([]);
    expect(appStore.get(serverNotificationsAtom)).toEqual([]);
  });

  it("empties the outbox and forgets the worker's copy of the session", async () => {
    signedInWithEverything();
    const userId = appStore.get(userAtom)?._id ?? '';
    await saveWorkerSession({ userId, token: 'session-token' });
    await putItem({
      key: 'queued-before-logout',
      userId,
      request: { path: '/api/users/sendMessage', body: { userId: 'o', vehicleId: 'v', message: 'Hi' } },
      label: 'Message about KL07AB1234',
      queuedAt: Date.now(),
    });
    stubFetch(() => jsonResponse({}));
    await logout();
    expect(await queuedItems(userId)).toEqual([]);
    expect(await readWorkerSession()).toBeNull();
  });

  it('removes the token and fcm_token from localStorage', async () => {
    signedInWithEverything();
    stubFetch(() => jsonResponse({}));
    await logout();
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('fcm_token')).toBeNull();
    expect(appStore.get(tokenAtom)).toBeNull();
  });

  it('unregisters every service worker', async () => {
    signedInWithEverything();
    stubFetch(() => jsonResponse({}));
    await logout();
    expect(unregister).toHaveBeenCalledTimes(2);
  });

  it('completes while offline: the failed server call does not stop it', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    signedInWithEverything();
    stubFetch(() => {
      throw new TypeError('Failed to fetch');
    });
    await logout();
    expect(localStorage.getItem('token')).toBeNull();
    expect(appStore.get(userAtom)).toBeNull();
  });

  it('does not wait for the server to answer', async () => {
    signedInWithEverything();
    stubFetch(() => new Promise<Response>(() => undefined));
    await logout();
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('removes the token at once, before the outbox and the service workers are done with', async () => {
    signedInWithEverything();
    stubFetch(() => jsonResponse({}));
    const finished = logout();
    expect(appStore.get(tokenAtom)).toBeNull();
    await finished;
  });

  it('the sidebar Logout link signs out and shows /login', async () => {
    const user = userEvent.setup();
    signedInWithEverything();
    const { router, calls } = await renderApp('/settings');
    await user.click(await screen.findByRole('link', { name: 'Logout' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(calls.some((call) => call.url === '/api/users/logout')).toBe(true);
    expect(localStorage.getItem('token')).toBeNull();
    expect(await screen.findByRole('button', { name: 'SEND VERIFICATION CODE' })).toBeInTheDocument();
  });

  it('leaves the user where they went while the service workers were still being unregistered', async () => {
    const user = userEvent.setup();
    signedInWithEverything();
    let unregistered = (): void => undefined;
    const registrations = new Promise<{ unregister: typeof unregister }[]>((resolve) => {
      unregistered = () => resolve([{ unregister }]);
    });
    Object.defineProperty(navigator, 'serviceWorker', {
      configurable: true,
      value: {
        getRegistrations: () => registrations,
        addEventListener: () => undefined,
        removeEventListener: () => undefined,
      },
    });
    const { router } = await renderApp('/settings');
    await user.click(await screen.findByRole('link', { name: 'Logout' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    await router.navigate('/registration');

    unregistered();
    await waitFor(() => expect(unregister).toHaveBeenCalledTimes(1));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(router.state.location.pathname).toBe('/registration');
  });
});
