/**
 * The bell's two lists (SPEC §2, §3): unread notifications fetched from the server (and pushed by
 * the live channel), and push messages received while the app is open. One notification reaches
 * us by several roads (fetch, live channel, push), so every add dedupes by id across both lists.
 */
import type { PushData, ServerNotification } from '#common/api';
import type { ReplyKind } from '#common/replies';
import { i18n } from '../i18n/i18n';
import { appAtom, appStore, atom } from '../lib/store';

export interface LocalNotification {
  id: string;
  title: string;
  body: string;
  data: PushData | null;
  /** ISO 8601 */
  timestamp: string;
  read: boolean;
}

interface LocalNotificationInput {
  id: string;
  title?: string;
  body: string;
  data?: PushData | null;
  timestamp?: string;
}

export const serverNotificationsAtom = appAtom<ServerNotification[]>([]);
export const localNotificationsAtom = appAtom<LocalNotification[]>([]);

/** The answers given from this app, by notification id ('answered' when another device gave it). */
export const answersAtom = appAtom<Record<string, ReplyKind | 'answered'>>({});

/** The badge: what is unread and still waits for an answer. */
export const unreadCountAtom = atom((get) => {
  const answers = get(answersAtom);
  const waiting = (id: string, read: boolean) => !read && answers[id] === undefined;
  return (
    get(serverNotificationsAtom).filter((item) => waiting(item._id, item.read)).length +
    get(localNotificationsAtom).filter((item) => waiting(item.id, item.read)).length
  );
});

/** The answers the server knows (given before a reload, or on another device) are shown as given. */
function keepServerAnswers(list: ServerNotification[]): void {
  const current = appStore.get(answersAtom);
  const known = list.flatMap((item) =>
    item.answer && current[item._id] === undefined ? [[item._id, item.answer] as const] : [],
  );
  if (known.length > 0) appStore.set(answersAtom, { ...current, ...Object.fromEntries(known) });
}

function isKnown(id: string): boolean {
  return (
    appStore.get(serverNotificationsAtom).some((item) => item._id === id) ||
    appStore.get(localNotificationsAtom).some((item) => item.id === id)
  );
}

/** The request that arrived last while the app was open, shown in a banner until dismissed; null for none. */
export const arrivedRequestAtom = appAtom<string | null>(null);

export function dismissArrivedRequest(): void {
  appStore.set(arrivedRequestAtom, null);
}

/** A foreground push message: added on top, unread, unless that notification is already listed. */
export function addLocalNotification(input: LocalNotificationInput): void {
  if (isKnown(input.id)) return;
  if (input.data?.system !== true) appStore.set(arrivedRequestAtom, input.id);
  const item: LocalNotification = {
    id: input.id,
    title: input.title || i18n._('app.newNotification'),
    body: input.body,
    data: input.data ?? null,
    timestamp: input.timestamp ?? new Date().toISOString(),
    read: false,
  };
  appStore.set(localNotificationsAtom, (current) => [item, ...current]);
}

/** A push message (FCM via the service worker): its notificationId is the notification's `_id`. */
export function addPushNotification(data: PushData): void {
  addLocalNotification({
    id: data.notificationId,
    title: data.title,
    body: data.body,
    data,
    timestamp: data.sentAt || undefined,
  });
}

/** The fetched list replaces the server list; push copies of the same notifications give way to it. */
export function setServerNotifications(list: ServerNotification[]): void {
  const ids = new Set(list.map((item) => item._id));
  // Mark as read is local only (SPEC §4): a refetch must not turn a read item unread again.
  const readHere = new Set(
    appStore
      .get(serverNotificationsAtom)
      .filter((item) => item.read)
      .map((item) => item._id),
  );
  appStore.set(
    serverNotificationsAtom,
    list.map((item) => (readHere.has(item._id) ? { ...item, read: true } : item)),
  );
  appStore.set(localNotificationsAtom, (current) => current.filter((item) => !ids.has(item.id)));
  keepServerAnswers(list);
}

/** Live notifications added while a fetch of the unread list was on its way, one list per fetch. */
const addedDuringFetch = new Set<ServerNotification[]>();

/** A notification from the live channel: on top, replacing a push copy of it (it carries the sender). */
export function addServerNotification(notification: ServerNotification): void {
  for (const added of addedDuringFetch) added.push(notification);
  if (appStore.get(serverNotificationsAtom).some((item) => item._id === notification._id)) return;
  appStore.set(serverNotificationsAtom, (current) => [notification, ...current]);
  if (!notification.system) appStore.set(arrivedRequestAtom, notification._id);
  appStore.set(localNotificationsAtom, (current) => current.filter((item) => item.id !== notification._id));
}

/**
 * Fetches the unread list and puts it in place. The answer may predate live notifications that
 * arrived while it was on its way: those stay listed.
 */
export async function refreshServerNotifications(
  fetchList: () => Promise<ServerNotification[] | undefined>,
): Promise<void> {
  const added: ServerNotification[] = [];
  addedDuringFetch.add(added);
  let list: ServerNotification[] | undefined;
  try {
    list = await fetchList();
  } finally {
    addedDuringFetch.delete(added);
  }
  if (list === undefined) return;
  setServerNotifications(list);
  for (const notification of added) addServerNotification(notification);
}

/** SPEC §4: updates only the item held here, in whichever list it is; the server is not told. */
export function markAsRead(id: string): void {
  appStore.set(localNotificationsAtom, (current) =>
    current.map((item) => (item.id === id ? { ...item, read: true } : item)),
  );
  appStore.set(serverNotificationsAtom, (current) =>
    current.map((item) => (item._id === id ? { ...item, read: true } : item)),
  );
}

export function clearAllNotifications(): void {
  appStore.set(serverNotificationsAtom, []);
  appStore.set(localNotificationsAtom, []);
}

export function recordAnswer(id: string, answer: ReplyKind | 'answered'): void {
  appStore.set(answersAtom, (current) => ({ ...current, [id]: answer }));
}
