import { aPushData } from '#common/testing/fixtures';
import { describe, expect, it } from 'vitest';
import { appStore } from '../lib/store';
import { aServerNotification } from '../testing/fixtures';
import {
  addLocalNotification,
  addPushNotification,
  addServerNotification,
  answersAtom,
  clearAllNotifications,
  localNotificationsAtom,
  markAsRead,
  recordAnswer,
  serverNotificationsAtom,
  setServerNotifications,
  unreadCountAtom,
} from './notifications';

const local = () => appStore.get(localNotificationsAtom);
const server = () => appStore.get(serverNotificationsAtom);

describe('notifications state', () => {
  it('addLocalNotification puts the item on top, unread', () => {
    addLocalNotification({ id: 'a', title: 'First', body: 'one' });
    addLocalNotification({ id: 'b', title: 'Second', body: 'two' });
    expect(local().map((item) => [item.id, item.read])).toEqual([
      ['b', false],
      ['a', false],
    ]);
  });

  it("a local item without a title is titled 'New Notification'", () => {
    addLocalNotification({ id: 'a', body: 'one' });
    expect(local()[0]?.title).toBe('New Notification');
  });

  it('addLocalNotification ignores an id already in the local list', () => {
    addLocalNotification({ id: 'a', body: 'one' });
    addLocalNotification({ id: 'a', body: 'again' });
    expect(local()).toHaveLength(1);
  });

  it('addLocalNotification ignores an id already in the server list', () => {
    setServerNotifications([aServerNotification({ _id: 'a' })]);
    addLocalNotification({ id: 'a', body: 'one' });
    expect(local()).toEqual([]);
  });

  it('addPushNotification turns push data into a local item keyed by notificationId', () => {
    const data = aPushData({
      notificationId: 'n1',
      body: 'Please move',
      senderName: 'Rahul',
      sentAt: '2024-05-01T10:00:00.000Z',
    });
    addPushNotification(data);
    expect(local()).toEqual([
      {
        id: 'n1',
        title: 'Vehicle Notification',
        body: 'Please move',
        data,
        timestamp: data.sentAt,
        read: false,
      },
    ]);
  });

  it('setServerNotifications drops push copies of the fetched notifications', () => {
    addLocalNotification({ id: 'a', body: 'one' });
    addLocalNotification({ id: 'b', body: 'two' });
    setServerNotifications([aServerNotification({ _id: 'a' })]);
    expect(local().map((item) => item.id)).toEqual(['b']);
  });

  it('addServerNotification puts a live item on top, replacing its push copy', () => {
    setServerNotifications([aServerNotification({ _id: 'old' })]);
    addLocalNotification({ id: 'new', body: 'copy' });
    addServerNotification(aServerNotification({ _id: 'new' }));
    expect(server().map((item) => item._id)).toEqual(['new', 'old']);
    expect(local()).toEqual([]);
  });

  it('markAsRead marks only that item as read', () => {
    addLocalNotification({ id: 'a', body: 'one' });
    addLocalNotification({ id: 'b', body: 'two' });
    markAsRead('a');
    expect(local().map((item) => [item.id, item.read])).toEqual([
      ['b', false],
      ['a', true],
    ]);
  });

  it('a refetch keeps an item marked as read here as read', () => {
    setServerNotifications([aServerNotification({ _id: 's1' }), aServerNotification({ _id: 's2' })]);
    markAsRead('s1');
    setServerNotifications([aServerNotification({ _id: 's1' }), aServerNotification({ _id: 's2' })]);
    expect(server().map((item) => [item._id, item.read])).toEqual([
      ['s1', true],
      ['s2', false],
    ]);
  });

  it('the unread count covers both lists', () => {
    setServerNotifications([aServerNotification({ _id: 's' })]);
    addLocalNotification({ id: 'a', body: 'one' });
    markAsRead('s');
    addLocalNotification({ id: 'b', body: 'two' });
    expect(appStore.get(unreadCountAtom)).toBe(2);
  });

  it('the badge counts only what is unanswered', () => {
    setServerNotifications([aServerNotification({ _id: 's1' }), aServerNotification({ _id: 's2' })]);
    addLocalNotification({ id: 'l1', body: 'one' });
    recordAnswer('s1', 'coming_now');
    recordAnswer('l1', 'five_minutes');
    expect(appStore.get(unreadCountAtom)).toBe(1);
  });

  it('a fetched list brings the answers given before a reload, keeping one given here since', () => {
    recordAnswer('s2', 'five_minutes');
    setServerNotifications([
      aServerNotification({ _id: 's1', answer: 'coming_now' }),
      aServerNotification({ _id: 's2', answer: 'cannot_come' }),
      aServerNotification({ _id: 's3' }),
    ]);
    expect(appStore.get(answersAtom)).toEqual({ s1: 'coming_now', s2: 'five_minutes' });
    expect(appStore.get(unreadCountAtom)).toBe(1);
  });

  it('clearAllNotifications empties both lists', () => {
    setServerNotifications([aServerNotification()]);
    addLocalNotification({ id: 'a', body: 'one' });
    clearAllNotifications();
    expect([server(), local()]).toEqual([[], []]);
  });
});
