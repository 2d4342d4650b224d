import { describe, expect, it } from 'vitest';
import type { ServerNotification } from '#common/api';
import { appStore } from '../lib/store';
import { aServerNotification } from '../testing/fixtures';
import {
  addServerNotification,
  refreshServerNotifications,
  serverNotificationsAtom,
  setServerNotifications,
} from './notifications';

const serverIds = () => appStore.get(serverNotificationsAtom).map((item) => item._id);

/** A fetch the test answers by hand. */
function pendingFetch() {
  let answer!: (list: ServerNotification[] | undefined) => void;
  const fetched = new Promise<ServerNotification[] | undefined>((resolve) => (answer = resolve));
  return { fetchList: () => fetched, answer };
}

describe('refreshServerNotifications', () => {
  it('puts the fetched list in place of the server list', async () => {
    setServerNotifications([aServerNotification({ _id: 'gone' })]);
    await refreshServerNotifications(async () => [aServerNotification({ _id: 'a' })]);
    expect(serverIds()).toEqual(['a']);
  });

  it('keeps a live notification that arrived while the list was on its way', async () => {
    const { fetchList, answer } = pendingFetch();
    const refreshed = refreshServerNotifications(fetchList);
    addServerNotification(aServerNotification({ _id: 'live' }));
    answer([aServerNotification({ _id: 'old' })]);
    await refreshed;
    expect(serverIds()).toEqual(['live', 'old']);
  });

  it('lists a live notification once when the fetched list has it too', async () => {
    const { fetchList, answer } = pendingFetch();
    const refreshed = refreshServerNotifications(fetchList);
    addServerNotification(aServerNotification({ _id: 'both' }));
    answer([aServerNotification({ _id: 'both' })]);
    await refreshed;
    expect(serverIds()).toEqual(['both']);
  });

  it('leaves the lists alone when the fetch yields nothing', async () => {
    setServerNotifications([aServerNotification({ _id: 'kept' })]);
    await refreshServerNotifications(async () => undefined);
    expect(serverIds()).toEqual(['kept']);
  });

  it('forgets live notifications once its fetch is done', async () => {
    await refreshServerNotifications(async () => []);
    addServerNotification(aServerNotification({ _id: 'later' }));
    setServerNotifications([]);
    await refreshServerNotifications(async () => [aServerNotification({ _id: 'fresh' })]);
    expect(serverIds()).toEqual(['fresh']);
  });
});
