/** A click on one of our notifications: focus a window of the app on the right screen, or open one. */
import { DEFAULT_URL } from './push-data';

interface WindowLike {
  url: string;
  visibilityState: DocumentVisibilityState;
  focus(): Promise<unknown>;
  navigate(url: string): Promise<unknown>;
}

interface ClickScope<Window extends WindowLike> {
  location: { origin: string };
  clients: {
    matchAll(options: { type: 'window'; includeUncontrolled: true }): Promise<readonly Window[]>;
    openWindow(url: string): Promise<unknown>;
  };
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;

/** The absolute URL to show; only a path of this app is followed, anything else falls back to the dashboard. */
function clickTarget(notificationData: unknown, origin: string): string {
  const url = isObject(notificationData) ? notificationData.url : undefined;
  if (typeof url === 'string' && url !== '') {
    try {
      const target = new URL(url, origin);
      if (target.origin === origin) return target.href;
    } catch {
      // Not a URL: fall through to the dashboard.
    }
  }
  return new URL(DEFAULT_URL, origin).href;
}

/** Prefer the window already on the target, then a visible one, then any. */
function pickWindow<Window extends WindowLike>(
  windows: readonly Window[],
  target: string,
): Window | undefined {
  return (
    windows.find((client) => client.url === target) ??
    windows.find((client) => client.visibilityState === 'visible') ??
    windows[0]
  );
}

export async function openFromNotification<Window extends WindowLike>(
  notification: { data: unknown; close(): void },
  scope: ClickScope<Window>,
): Promise<void> {
  notification.close();
  const target = clickTarget(notification.data, scope.location.origin);
  const windows = await scope.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const client = pickWindow(windows, target);
  if (client === undefined) {
    await scope.clients.openWindow(target);
    return;
  }
  await client.focus();
  if (client.url === target) return;
  try {
    await client.navigate(target);
  } catch (error) {
    // navigate() needs a window this worker controls; the focused app is still better than a second one.
    console.error('Could not navigate the focused window', error);
  }
}
