import { aPushData } from '#common/testing/fixtures';
import type { RuntimeConfig } from '#common/api';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { getStoredFcmToken, requestPushPermission, startPush, stopPush } from './push';

// The contract's schemas load apart from the shell; here they are in the module cache before a test starts.
beforeAll(() => import('#common/api'));

const mocks = vi.hoisted(() => ({
  apiClient: vi.fn(),
  getServiceWorkerRegistration: vi.fn(),
  initializeApp: vi.fn(() => ({ name: '[DEFAULT]' })),
  getToken: vi.fn(async () => 'device-token-1'),
  deleteToken: vi.fn(async () => true),
}));

const { firebaseApp, firebaseMessaging } = vi.hoisted(() => ({
  firebaseApp: () => ({ getApps: () => [], initializeApp: mocks.initializeApp }),
  firebaseMessaging: () => ({
    getMessaging: () => ({ messaging: true }),
    getToken: mocks.getToken,
    deleteToken: mocks.deleteToken,
    isSupported: async () => true,
  }),
}));

vi.mock('./api-client', () => ({ apiClient: mocks.apiClient }));
vi.mock('./service-worker', () => ({ getServiceWorkerRegistration: mocks.getServiceWorkerRegistration }));
vi.mock('firebase/app', firebaseApp);
vi.mock('firebase/messaging', firebaseMessaging);

/**
 * A fresh copy of the push module whose Firebase imports are watched: `loaded()` tells whether it
 * imported either. Each call registers new factories, so whatever loaded Firebase before (another
 * test, in any order) cannot answer for this one.
 */
async function watchedPush() {
  let loaded = false;
  vi.resetModules();
  vi.doMock('firebase/app', () => {
    loaded = true;
    return firebaseApp();
  });
  vi.doMock('firebase/messaging', () => {
    loaded = true;
    return firebaseMessaging();
  });
  return { push: await import('./push'), loaded: () => loaded };
}

const pushConfig: Pick<RuntimeConfig, 'push'> = {
  push: {
    vapidKey: 'vapid-key',
    firebase: { apiKey: 'k', projectId: 'p', messagingSenderId: '1', appId: 'a' },
  },
};

const data = aPushData();

const registration = { showNotification: vi.fn(async () => undefined) };
const container = new EventTarget();

/** `answer` is what the user picks if asked. */
function stubNotification(permission: NotificationPermission, answer: NotificationPermission = 'granted') {
  const requestPermission = vi.fn(async () => answer);
  vi.stubGlobal('Notification', { permission, requestPermission });
  return requestPermission;
}

function stubNavigator(property: string, value: unknown) {
  Object.defineProperty(navigator, property, { configurable: true, value });
}

function serveConfig(config: Pick<RuntimeConfig, 'push'>) {
  mocks.apiClient.mockImplementation(async (path: string) => (path === '/api/config' ? config : {}));
}

function workerMessage(message: unknown) {
  container.dispatchEvent(new MessageEvent('message', { data: message }));
}

const calledPaths = () => mocks.apiClient.mock.calls.map(([path]: unknown[]) => path);

beforeEach(() => {
  vi.clearAllMocks();
  stubNavigator('serviceWorker', container);
  mocks.getServiceWorkerRegistration.mockResolvedValue(registration);
});

afterEach(async () => {
  await stopPush();
  for (const property of ['serviceWorker', 'userAgent', 'maxTouchPoints', 'standalone']) {
    Reflect.deleteProperty(navigator, property);
  }
});

describe('requestPushPermission', () => {
  it('asks for permission at once, within the tap', () => {
    const requestPermission = stubNotification('default');
    requestPushPermission();
    expect(requestPermission).toHaveBeenCalledTimes(1);
  });

  it('does not ask on iOS outside an installed app', () => {
    stubNavigator('userAgent', 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15');
    const requestPermission = stubNotification('default');
    requestPushPermission();
    expect(requestPermission).not.toHaveBeenCalled();
  });

  it('asks on iOS inside the app added to the home screen', () => {
    stubNavigator('userAgent', 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15');
    stubNavigator('standalone', true);
    const requestPermission = stubNotification('default');
    requestPushPermission();
    expect(requestPermission).toHaveBeenCalledTimes(1);
  });

  it('does not ask again once the user has answered', () => {
    const requestPermission = stubNotification('denied');
    requestPushPermission();
    expect(requestPermission).not.toHaveBeenCalled();
  });
});

describe('startPush', () => {
  it('never loads Firebase when push is off', async () => {
    stubNotification('granted');
    serveConfig({ push: null });
    const { push, loaded } = await watchedPush();
    await push.startPush(vi.fn());
    await push.stopPush();
    expect(loaded()).toBe(false);
    expect(calledPaths()).toEqual(['/api/config']);
  });

  it('loads Firebase when push is on', async () => {
    stubNotification('granted');
    serveConfig(pushConfig);
    const { push, loaded } = await watchedPush();
    await push.startPush(vi.fn());
    await push.stopPush();
    expect(loaded()).toBe(true);
  });

  it("gets the device token with this worker's registration and registers it", async () => {
    stubNotification('granted');
    serveConfig(pushConfig);
    await startPush(vi.fn());
    expect(mocks.getToken).toHaveBeenCalledWith(expect.anything(), {
      vapidKey: 'vapid-key',
      serviceWorkerRegistration: registration,
    });
    expect(getStoredFcmToken()).toBe('device-token-1');
    expect(mocks.apiClient).toHaveBeenCalledWith('/api/users/fcmToken', {
      method: 'POST',
      body: { token: 'device-token-1' },
    });
  });

  it('waits for the answer to the permission asked at the tap before getting the token', async () => {
    let answer: (permission: NotificationPermission) => void = () => undefined;
    const notification = {
      permission: 'default' as NotificationPermission,
      requestPermission: vi.fn(
        () =>
          new Promise<NotificationPermission>((resolve) => {
            answer = (permission) => {
              notification.permission = permission;
              resolve(permission);
            };
          }),
      ),
    };
    vi.stubGlobal('Notification', notification);
    serveConfig(pushConfig);
    requestPushPermission();
    const started = startPush(vi.fn());
    await new Promise((resolve) => setTimeout(resolve, 0));
    answer('granted');
    await started;
    expect(mocks.getToken).toHaveBeenCalledTimes(1);
  });

  it('gets no token without our worker, so Firebase never registers one of its own', async () => {
    stubNotification('granted');
    serveConfig(pushConfig);
    mocks.getServiceWorkerRegistration.mockResolvedValue(undefined);
    await startPush(vi.fn());
    expect(mocks.getToken).not.toHaveBeenCalled();
  });

  it('only logs when permission is denied', async () => {
    stubNotification('denied');
    serveConfig(pushConfig);
    const info = vi.spyOn(console, 'info').mockImplementation(() => undefined);
    await startPush(vi.fn());
    expect(mocks.getToken).not.toHaveBeenCalled();
    expect(getStoredFcmToken()).toBeNull();
    expect(info).toHaveBeenCalledWith('Push is not permitted; no device token');
  });

  it('only logs when the token cannot be had', async () => {
    stubNotification('granted');
    serveConfig(pushConfig);
    mocks.getToken.mockRejectedValueOnce(new Error('messaging/token-subscribe-failed'));
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await expect(startPush(vi.fn())).resolves.toBeUndefined();
    expect(error).toHaveBeenCalledWith('Push setup failed', expect.any(Error));
  });

  it('hands push messages from the service worker to onMessage', async () => {
    stubNotification('denied');
    serveConfig({ push: null });
    const onMessage = vi.fn();
    await startPush(onMessage);
    workerMessage({ type: 'push', data });
    await vi.waitFor(() => expect(onMessage).toHaveBeenCalledWith(data));
  });

  it('ignores other messages from the service worker', async () => {
    stubNotification('denied');
    serveConfig({ push: null });
    const onMessage = vi.fn();
    await startPush(onMessage);
    workerMessage({ type: 'CACHE_UPDATED' });
    workerMessage('push');
    workerMessage({ type: 'push', data });
    await vi.waitFor(() => expect(onMessage).toHaveBeenCalledTimes(1));
    expect(onMessage).toHaveBeenCalledWith(data);
  });

  it('shows no notification of its own for a push the worker handed over: the worker showed it', async () => {
    stubNotification('granted');
    serveConfig({ push: null });
    const onMessage = vi.fn();
    await startPush(onMessage);
    workerMessage({ type: 'push', data });
    await vi.waitFor(() => expect(onMessage).toHaveBeenCalledWith(data));
    expect(registration.showNotification).not.toHaveBeenCalled();
  });

  it('delivers each push once after starting twice', async () => {
    stubNotification('denied');
    serveConfig({ push: null });
    const onMessage = vi.fn();
    await startPush(onMessage);
    await startPush(onMessage);
    workerMessage({ type: 'push', data });
    await vi.waitFor(() => expect(onMessage).toHaveBeenCalled());
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(onMessage).toHaveBeenCalledTimes(1);
  });
});

describe('stopPush', () => {
  it('stops delivering push messages', async () => {
    stubNotification('denied');
    serveConfig({ push: null });
    const onMessage = vi.fn();
    await startPush(onMessage);
    await stopPush();
    workerMessage({ type: 'push', data });
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(onMessage).not.toHaveBeenCalled();
  });

  it('deletes the device token and forgets it', async () => {
    stubNotification('granted');
    serveConfig(pushConfig);
    await startPush(vi.fn());
    await stopPush();
    expect(mocks.deleteToken).toHaveBeenCalledTimes(1);
    expect(getStoredFcmToken()).toBeNull();
  });

  it('only logs a failing deleteToken', async () => {
    stubNotification('granted');
    serveConfig(pushConfig);
    await startPush(vi.fn());
    mocks.deleteToken.mockRejectedValueOnce(new Error('messaging/token-unsubscribe-failed'));
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    await expect(stopPush()).resolves.toBeUndefined();
    expect(warn).toHaveBeenCalledWith('Could not delete the push token', expect.any(Error));
  });
});
