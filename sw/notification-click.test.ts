import { describe, expect, it, vi } from 'vitest';
import { openFromNotification } from './notification-click';

const origin = 'https://vahan.example';

function fakeWindow(url: string, visibilityState: DocumentVisibilityState = 'hidden') {
  return {
    url,
    visibilityState,
    focus: vi.fn(async () => undefined),
    navigate: vi.fn(async () => undefined),
  };
}

function fakeScope(windows: ReturnType<typeof fakeWindow>[]) {
  return {
    location: { origin },
    clients: { matchAll: vi.fn(async () => windows), openWindow: vi.fn(async (_url: string) => null) },
  };
}

const fakeNotification = (data: unknown) => ({ data, close: vi.fn() });

/** Where a click on a notification with this data opens the app when no window of it is open. */
async function openedFor(data: unknown): Promise<unknown> {
  const scope = fakeScope([]);
  await openFromNotification(fakeNotification(data), scope);
  return scope.clients.openWindow.mock.calls[0]?.[0];
}

describe('the screen a click opens', () => {
  it("opens the notification's path in the app", async () => {
    expect(await openedFor({ url: '/myVehicle' })).toBe(`${origin}/myVehicle`);
  });

  it('opens the dashboard when the notification has no url', async () => {
    expect(await openedFor(undefined)).toBe(`${origin}/dashboard`);
    expect(await openedFor({ url: '' })).toBe(`${origin}/dashboard`);
  });

  it('never follows a url of another site', async () => {
    expect(await openedFor({ url: 'https://evil.example/x' })).toBe(`${origin}/dashboard`);
  });
});

describe('the window a click focuses', () => {
  it('prefers the window already showing the target', async () => {
    const visible = fakeWindow(`${origin}/settings`, 'visible');
    const onTarget = fakeWindow(`${origin}/dashboard`);
    await openFromNotification(fakeNotification({ url: '/dashboard' }), fakeScope([visible, onTarget]));
    expect(onTarget.focus).toHaveBeenCalledTimes(1);
    expect(visible.focus).not.toHaveBeenCalled();
  });

  it('otherwise prefers a visible window', async () => {
    const hidden = fakeWindow(`${origin}/login`);
    const visible = fakeWindow(`${origin}/settings`, 'visible');
    await openFromNotification(fakeNotification({ url: '/dashboard' }), fakeScope([hidden, visible]));
    expect(visible.focus).toHaveBeenCalledTimes(1);
    expect(hidden.focus).not.toHaveBeenCalled();
  });
});

describe('openFromNotification', () => {
  it('closes the notification', async () => {
    const notification = fakeNotification({ url: '/dashboard' });
    await openFromNotification(notification, fakeScope([]));
    expect(notification.close).toHaveBeenCalledTimes(1);
  });

  it('focuses an open window and navigates it to the target', async () => {
    const open = fakeWindow(`${origin}/settings`);
    const scope = fakeScope([open]);
    await openFromNotification(fakeNotification({ url: '/dashboard' }), scope);
    expect(open.focus).toHaveBeenCalledTimes(1);
    expect(open.navigate).toHaveBeenCalledWith(`${origin}/dashboard`);
    expect(scope.clients.openWindow).not.toHaveBeenCalled();
  });

  it('only focuses a window that already shows the target', async () => {
    const open = fakeWindow(`${origin}/dashboard`);
    await openFromNotification(fakeNotification({ url: '/dashboard' }), fakeScope([open]));
    expect(open.focus).toHaveBeenCalledTimes(1);
    expect(open.navigate).not.toHaveBeenCalled();
  });

  it('opens the app when no window of it is open', async () => {
    const scope = fakeScope([]);
    await openFromNotification(fakeNotification({ url: '/dashboard' }), scope);
    expect(scope.clients.openWindow).toHaveBeenCalledWith(`${origin}/dashboard`);
  });

  it('keeps the focused window when it cannot be navigated', async () => {
    const open = fakeWindow(`${origin}/settings`);
    open.navigate.mockRejectedValueOnce(new TypeError('not controlled'));
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const scope = fakeScope([open]);
    await openFromNotification(fakeNotification({ url: '/dashboard' }), scope);
    expect(open.focus).toHaveBeenCalledTimes(1);
    expect(scope.clients.openWindow).not.toHaveBeenCalled();
    error.mockRestore();
  });
});
