import { describe, expect, it, vi } from 'vitest';
import { clickTarget, openFromNotification, pickWindow } from './notification-click';

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
    clients: { matchAll: vi.fn(async () => windows), openWindow: vi.fn(async () => null) },
  };
}

const fakeNotification = (data: unknown) => ({ data, close: vi.fn() });

describe('clickTarget', () => {
  it("opens the notification's path in the app", () => {
    expect(clickTarget({ url: '/myVehicle' }, origin)).toBe(`${origin}/myVehicle`);
  });

  it('opens the dashboard when the notification has no url', () => {
    expect(clickTarget(undefined, origin)).toBe(`${origin}/dashboard`);
    expect(clickTarget({ url: '' }, origin)).toBe(`${origin}/dashboard`);
  });

  it('never follows a url of another site', () => {
    expect(clickTarget({ url: 'https://evil.example/x' }, origin)).toBe(`${origin}/dashboard`);
  });
});

describe('pickWindow', () => {
  it('prefers the window already showing the target', () => {
    const onTarget = fakeWindow(`${origin}/dashboard`);
    expect(pickWindow([fakeWindow(`${origin}/settings`, 'visible'), onTarget], `${origin}/dashboard`)).toBe(
      onTarget,
    );
  });

  it('otherwise prefers a visible window', () => {
    const visible = fakeWindow(`${origin}/settings`, 'visible');
    expect(pickWindow([fakeWindow(`${origin}/login`), visible], `${origin}/dashboard`)).toBe(visible);
  });

  it('finds none when no window is open', () => {
    expect(pickWindow([], `${origin}/dashboard`)).toBeUndefined();
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
