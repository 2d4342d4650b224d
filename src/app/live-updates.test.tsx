import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PushData, ServerNotification } from '#common/api';
import { startLiveEvents } from '../lib/live-events';
import { addPushNotification } from '../state/notifications';
import { fakeEventStream, type FakeEventStream } from '../testing/event-stream';
import { aServerNotification, aUser } from '../testing/fixtures';
import { jsonResponse, stubFetch, type FetchCall } from '../testing/render';
import { signIn } from '../testing/session';
import { logout } from './session';
import { renderApp } from '../testing/app';

/** Waits that include a reconnection (at most 1 s with Math.random at 1). */
const RECONNECT = { timeout: 5_000 };

function pushFor(notification: ServerNotification): PushData {
  return {
    notificationId: notification._id,
    title: notification.title,
    body: notification.content,
    senderName: notification.senderId.name,
    sentAt: notification.sentAt,
    url: '/dashboard',
    silent: false,
  };
}

/**
 * The app at /dashboard against a fake server that holds the unread list and the event streams;
 * `respond` may answer other calls.
 */
async function renderWithLiveChannel(respond: (call: FetchCall) => Response | undefined = () => undefined) {
  const streams: FakeEventStream[] = [];
  const unread: ServerNotification[] = [];
  const view = await renderApp('/dashboard', (call) => {
    if (call.url === '/api/users/unreadNotifications') return jsonResponse(unread);
    if (call.url === '/api/users/events') {
      const stream = fakeEventStream();
      streams.push(stream);
      return stream.response;
    }
    return respond(call);
  });
  const count = (url: string) => view.calls.filter((call) => call.url === url).length;
  /** A notification is stored for the user and streamed to the open connection, as the server does. */
  const deliver = (notification: ServerNotification) => {
    unread.unshift(notification);
    streams.at(-1)?.notify(notification);
  };
  return { ...view, streams, unread, count, deliver };
}

const bell = () => screen.getByRole('button', { name: /^Notifications/ });
const bellItems = () =>
  within(screen.getByRole('region', { name: 'Notifications' })).getAllByRole('listitem');

beforeEach(() => {
  vi.spyOn(Math, 'random').mockReturnValue(0);
  signIn();
});

afterEach(() => {
  Reflect.deleteProperty(navigator, 'onLine');
});

describe('live notifications in the signed-in area', () => {
  it('a notification from the live channel appears in the bell as unread, without a reload', async () => {
    const { streams, deliver } = await renderWithLiveChannel();
    await waitFor(() => expect(streams).toHaveLength(1));
    deliver(aServerNotification({ _id: 'live-1', content: 'Your car blocks the gate' }));
    await waitFor(() => expect(bell()).toHaveAccessibleName('Notifications, 1 unread'));
    await userEvent.click(bell());
    const item = screen.getByText('Your car blocks the gate').closest('li');
    expect(item).toHaveClass('bell-item-unread');
  });

  it('a notification that came by push and then live is listed once', async () => {
    const { streams, deliver } = await renderWithLiveChannel();
    await waitFor(() => expect(streams).toHaveLength(1));
    const notification = aServerNotification({ _id: 'both-ways', content: 'Blocking the lane' });
    addPushNotification(pushFor(notification));
    deliver(notification);
    await userEvent.click(bell());
    await waitFor(() => expect(bellItems()).toHaveLength(1));
    expect(bell()).toHaveAccessibleName('Notifications, 1 unread');
    // The live copy wins: it carries the sender's phone.
    expect(within(bellItems()[0]!).getByText('From: +91 98950 11111')).toBeInTheDocument();
  });

  it('a notification that came live and then by push is listed once', async () => {
    const { streams, deliver } = await renderWithLiveChannel();
    await waitFor(() => expect(streams).toHaveLength(1));
    const notification = aServerNotification({ _id: 'both-ways', content: 'Blocking the lane' });
    deliver(notification);
    await waitFor(() => expect(bell()).toHaveAccessibleName('Notifications, 1 unread'));
    addPushNotification(pushFor(notification));
    await userEvent.click(bell());
    expect(bellItems()).toHaveLength(1);
    expect(bell()).toHaveAccessibleName('Notifications, 1 unread');
  });

  it('after the live channel reconnects, the unread list is fetched again and shown', async () => {
    const { streams, unread, count } = await renderWithLiveChannel();
    await waitFor(() => expect(streams).toHaveLength(1));
    await waitFor(() => expect(count('/api/users/unreadNotifications')).toBe(1));
    streams[0]?.end();
    // Stored while no stream was open: only the refetch can bring it.
    unread.push(aServerNotification({ _id: 'missed', content: 'Sent while the stream was down' }));
    await waitFor(() => expect(streams).toHaveLength(2), RECONNECT);
    await waitFor(() => expect(bell()).toHaveAccessibleName('Notifications, 1 unread'));
    expect(count('/api/users/unreadNotifications')).toBe(2);
    await userEvent.click(bell());
    expect(screen.getByText('Sent while the stream was down')).toBeInTheDocument();
  });

  it('when the network returns, the session is checked and the unread list fetched again', async () => {
    const { streams, count } = await renderWithLiveChannel();
    await waitFor(() => expect(streams).toHaveLength(1));
    await waitFor(() => expect(count('/api/users/unreadNotifications')).toBe(1));
    const sessionChecks = count('/api/users/validateUser');
    Object.defineProperty(navigator, 'onLine', { configurable: true, value: false });
    window.dispatchEvent(new Event('offline'));
    Object.defineProperty(navigator, 'onLine', { configurable: true, value: true });
    window.dispatchEvent(new Event('online'));
    await waitFor(() => expect(count('/api/users/validateUser')).toBe(sessionChecks + 1));
    await waitFor(() => expect(count('/api/users/unreadNotifications')).toBe(2));
    expect(streams).toHaveLength(2);
  });

  it('a 401 from the live channel ends a session that the server no longer knows', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    let sessionChecks = 0;
    const { router } = await renderApp('/dashboard', (call) => {
      if (call.url === '/api/users/events') return jsonResponse({ message: 'Unauthorized' }, 401);
      if (call.url !== '/api/users/validateUser') return undefined;
      sessionChecks += 1;
      // The entry check passes; the one the live channel's 401 asks for does not.
      return sessionChecks === 1
        ? jsonResponse({ user: aUser() })
        : jsonResponse({ message: 'Unauthorized' }, 401);
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('logout stops the live channel', async () => {
    const { streams } = await renderWithLiveChannel((call) =>
      call.url === '/api/users/logout' ? jsonResponse({ message: 'Logged out' }) : undefined,
    );
    await waitFor(() => expect(streams).toHaveLength(1));
    await userEvent.click(screen.getByRole('link', { name: 'Logout' }));
    await waitFor(() => expect(streams[0]?.cancelled()).toBe(true));
  });
});

describe('logout', () => {
  it('stops the live channel, whoever started it', async () => {
    const stream = fakeEventStream();
    const calls = stubFetch((call) =>
      call.url === '/api/users/events' ? stream.response : jsonResponse({ message: 'Logged out' }),
    );
    startLiveEvents({
      onNotification: () => undefined,
      onRequest: () => undefined,
      onResync: () => undefined,
      onUnauthorized: () => undefined,
    });
    await waitFor(() => expect(calls.some((call) => call.url === '/api/users/events')).toBe(true));
    await logout();
    await waitFor(() => expect(stream.cancelled()).toBe(true));
  });
});
