/**
 * The worker's side of a push: it shows the one system notification itself, and a visible window of
 * the app gets the push too, to add it to its bell.
 */
import type { PushMessage } from '#common/api';
import { pushNotification } from '#common/push-notification';
import { textsFor } from './i18n/texts';
import type { WorkerPush } from './push-data';

interface WindowLike {
  visibilityState: DocumentVisibilityState;
  postMessage(message: PushMessage): void;
}

interface PushScope<Window extends WindowLike> {
  clients: { matchAll(options: { type: 'window'; includeUncontrolled: true }): Promise<readonly Window[]> };
  registration: { showNotification(title: string, options: NotificationOptions): Promise<void> };
}

export function visibleWindows<Window extends WindowLike>(windows: readonly Window[]): Window[] {
  return windows.filter((client) => client.visibilityState === 'visible');
}

export async function deliverPush<Window extends WindowLike>(
  data: WorkerPush,
  scope: PushScope<Window>,
): Promise<void> {
  const windows = await scope.clients.matchAll({ type: 'window', includeUncontrolled: true });
  for (const client of visibleWindows(windows)) client.postMessage({ type: 'push', data });
  const { title, options } = pushNotification(data, textsFor(data.language));
  await scope.registration.showNotification(title, options);
}
