import { aPushData } from '#common/testing/fixtures';
import type { PushMessage } from '#common/api';
import { describe, expect, it, vi } from 'vitest';
import { deliverPush, visibleWindows } from './push';
import type { WorkerPush } from './push-data';

const data: WorkerPush = { ...aPushData(), language: 'en' };

function fakeWindow(visibilityState: DocumentVisibilityState) {
  return { visibilityState, postMessage: vi.fn<(message: PushMessage) => void>() };
}

function fakeScope(windows: ReturnType<typeof fakeWindow>[]) {
  return {
    clients: { matchAll: vi.fn(async () => windows) },
    registration: { showNotification: vi.fn(async () => undefined) },
  };
}

describe('visibleWindows', () => {
  it('keeps only the windows the user can see', () => {
    const shown = fakeWindow('visible');
    expect(visibleWindows([fakeWindow('hidden'), shown])).toEqual([shown]);
  });
});

describe('deliverPush', () => {
  it('shows the notification itself and hands the push to a visible window for its bell', async () => {
    const visible = fakeWindow('visible');
    const hidden = fakeWindow('hidden');
    const scope = fakeScope([hidden, visible]);
    await deliverPush(data, scope);
    expect(visible.postMessage).toHaveBeenCalledWith({ type: 'push', data });
    expect(hidden.postMessage).not.toHaveBeenCalled();
    expect(scope.registration.showNotification).toHaveBeenCalledTimes(1);
    expect(scope.registration.showNotification).toHaveBeenCalledWith(
      'Vehicle Notification',
      expect.objectContaining({ tag: 'n-1', body: 'From Anu: Please relocate KL07AB1234.' }),
    );
  });

  it('shows exactly one notification when no window of the app is visible', async () => {
    const hidden = fakeWindow('hidden');
    const scope = fakeScope([hidden]);
    await deliverPush(data, scope);
    expect(scope.registration.showNotification).toHaveBeenCalledTimes(1);
    expect(scope.registration.showNotification).toHaveBeenCalledWith(
      'Vehicle Notification',
      expect.objectContaining({ tag: 'n-1', body: 'From Anu: Please relocate KL07AB1234.' }),
    );
    expect(hidden.postMessage).not.toHaveBeenCalled();
  });

  it("offers the reply buttons in the push's language", async () => {
    const scope = fakeScope([]);
    await deliverPush({ ...data, language: 'ml', url: '/dashboard?request=n-1', requestId: 'n-1' }, scope);
    expect(scope.registration.showNotification).toHaveBeenCalledWith(
      'Vehicle Notification',
      expect.objectContaining({
        actions: expect.arrayContaining([{ action: 'coming_now', title: 'ഇപ്പോൾ വരുന്നു' }]),
      }),
    );
  });

  it('shows a notice of the service titled as from Vahan Contact, in the push’s language', async () => {
    const scope = fakeScope([]);
    await deliverPush({ ...data, language: 'ml', title: 'ഉടമസ്ഥത', system: true }, scope);
    expect(scope.registration.showNotification).toHaveBeenCalledWith(
      'Vahan Contact: ഉടമസ്ഥത',
      expect.objectContaining({ body: 'Please relocate KL07AB1234.' }),
    );
  });

  it('shows a notification when no window of the app is open', async () => {
    const scope = fakeScope([]);
    await deliverPush(data, scope);
    expect(scope.registration.showNotification).toHaveBeenCalledTimes(1);
  });

  it('looks at uncontrolled windows too', async () => {
    const scope = fakeScope([]);
    await deliverPush(data, scope);
    expect(scope.clients.matchAll).toHaveBeenCalledWith({ type: 'window', includeUncontrolled: true });
  });
});
