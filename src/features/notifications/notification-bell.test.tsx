import { aPushData } from '#common/testing/fixtures';
import { act, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { ServerNotification } from '#common/api';
import { appStore } from '../../lib/store';
import {
  addLocalNotification,
  localNotificationsAtom,
  serverNotificationsAtom,
} from '../../state/notifications';
import { aServerNotification } from '../../testing/fixtures';
import { jsonResponse, renderWithApp, stubFetch, type FetchCall } from '../../testing/render';
import { NotificationBell } from './notification-bell';

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

function answerUnread(list: ServerNotification[] | Promise<Response>) {
  return stubFetch((call: FetchCall) => {
    if (call.url === '/api/users/unreadNotifications') {
      return Array.isArray(list) ? jsonResponse(list) : list;
    }
    return jsonResponse({ message: 'ok' });
  });
}

async function openBell() {
  const user = userEvent.setup();
  renderWithApp(
    <>
      <NotificationBell />
      <p>Elsewhere on the page</p>
    </>,
  );
  await user.click(screen.getByRole('button', { name: /^Notifications/ }));
  return { user, panel: screen.getByRole('region', { name: 'Notifications' }) };
}

describe('notification dropdown', () => {
  it("shows 'Loading notifications...' while the list loads", async () => {
    answerUnread(new Promise<Response>(() => undefined));
    const { panel } = await openBell();
    expect(within(panel).getByText('Loading notifications...')).toBeInTheDocument();
  });

  it("shows 'No notifications' when there are none, and no 'Clear all'", async () => {
    answerUnread([]);
    const { panel } = await openBell();
    expect(await within(panel).findByText('No notifications')).toBeInTheDocument();
    expect(within(panel).queryByRole('button', { name: 'Clear all' })).not.toBeInTheDocument();
  });

  it('lists the fetched unread notifications with their relative time', async () => {
    answerUnread([aServerNotification({ content: 'Please move your car', sentAt: minutesAgo(5) })]);
    const { panel } = await openBell();
    expect(await within(panel).findByText('Please move your car')).toBeInTheDocument();
    expect(within(panel).getByText('5m ago')).toBeInTheDocument();
  });

  it("shows 'From: {phone}' when the sender has a phone", async () => {
    answerUnread([aServerNotification({ senderId: { name: 'Rahul', phone: '9895011111' } })]);
    const { panel } = await openBell();
    expect(await within(panel).findByText('From: +91 98950 11111')).toBeInTheDocument();
  });

  it("shows the sender's name, also when the sender hid their phone", async () => {
    answerUnread([aServerNotification({ content: 'Hidden sender', senderId: { name: 'Rahul Nair' } })]);
    const { panel } = await openBell();
    expect(await within(panel).findByText('Sent by Rahul Nair')).toBeInTheDocument();
  });

  it("shows the sender's name of a push received while the app is open", async () => {
    answerUnread([]);
    addLocalNotification({
      id: 'p2',
      title: 'Vehicle Notification',
      body: 'Pushed with a sender',
      data: aPushData({
        notificationId: 'p2',
        body: 'Pushed with a sender',
        senderName: 'Meera Das',
        sentAt: new Date().toISOString(),
      }),
    });
    const { panel } = await openBell();
    expect(await within(panel).findByText('Sent by Meera Das')).toBeInTheDocument();
  });

  it('shows a notice of the service itself apart, with its badge and nothing to answer or block', async () => {
    answerUnread([
      aServerNotification({
        _id: 'service-1',
        title: 'Vehicle ownership verified',
        content: 'The registered owner of KL07AB1234 verified that number against its RC.',
        senderId: { name: 'Vahan Contact' },
        system: true,
      }),
    ]);
    const { panel } = await openBell();
    const item = (await within(panel).findByText('Vehicle ownership verified')).closest('li')!;
    expect(item).toHaveClass('bell-item-system');
    expect(within(item).getByText('From Vahan Contact')).toBeInTheDocument();
    expect(within(item).queryByText(/^Sent by/)).not.toBeInTheDocument();
    expect(within(item).queryByRole('button', { name: 'Block sender' })).not.toBeInTheDocument();
    expect(within(item).queryByRole('group', { name: 'Answer' })).not.toBeInTheDocument();
  });

  it('shows a request through a windscreen card as such, with the way to pause or replace the card, and blocks its stranger', async () => {
    const calls = answerUnread([
      aServerNotification({
        _id: 'notification-card',
        content: 'Your vehicle KL07AB1234 is blocking the driveway. Please move it.',
        senderId: { name: 'Someone at your vehicle' },
        via: 'card',
      }),
    ]);
    const { panel, user } = await openBell();
    const item = (await within(panel).findByText(/is blocking the driveway/)).closest('li')!;
    expect(within(item).getByText('Sent by Someone at your vehicle')).toBeInTheDocument();
    expect(within(item).getByText(/Via your windscreen card\./)).toBeInTheDocument();
    expect(within(item).getByRole('link', { name: 'Pause or replace the card' })).toHaveAttribute(
      'href',
      '/myVehicle',
    );
    expect(within(item).getByRole('group', { name: 'Answer' })).toBeInTheDocument();
    await user.click(within(item).getByRole('button', { name: 'Block sender' }));
    expect(await within(item).findByRole('button', { name: 'Unblock sender' })).toBeInTheDocument();
    expect(calls.filter(({ url }) => url === '/api/users/blockSender').map(({ body }) => body)).toEqual([
      { notificationId: 'notification-card' },
    ]);
  });

  it('says nothing of a card for a request from a signed-in user', async () => {
    answerUnread([aServerNotification({ content: 'Please move the car' })]);
    const { panel } = await openBell();
    const item = (await within(panel).findByText('Please move the car')).closest('li')!;
    expect(within(item).queryByText(/windscreen card/)).not.toBeInTheDocument();
    expect(within(item).queryByRole('button', { name: 'Pause card for 24 hours' })).not.toBeInTheDocument();
  });

  it('pauses for 24 hours or replaces the card a request came through, right from the bell', async () => {
    const calls = answerUnread([
      aServerNotification({
        content: 'Please move the car',
        senderId: { name: 'Someone at your vehicle' },
        via: 'card',
        vehicleId: 'vehicle-1',
      }),
    ]);
    const { panel, user } = await openBell();
    const item = (await within(panel).findByText('Please move the car')).closest('li')!;
    await user.click(within(item).getByRole('button', { name: 'Pause card for 24 hours' }));
    expect(await screen.findByText('The card takes no messages for the next 24 hours.')).toBeInTheDocument();
    await user.click(within(item).getByRole('button', { name: 'Replace card' }));
    expect(await screen.findByText(/New card ready: the old one no longer works\./)).toBeInTheDocument();
    expect(
      calls.filter(({ url }) => url.includes('VehicleCard')).map(({ url, body }) => ({ url, body })),
    ).toEqual([
      { url: '/api/users/pauseVehicleCard', body: { vehicleId: 'vehicle-1' } },
      { url: '/api/users/rotateVehicleCard', body: { vehicleId: 'vehicle-1' } },
    ]);
  });

  it("never shows a user's request as the service's, whatever the sender is called", async () => {
    answerUnread([aServerNotification({ content: 'Pay the fine now', senderId: { name: 'Vahan Contact' } })]);
    const { panel } = await openBell();
    const item = (await within(panel).findByText('Pay the fine now')).closest('li')!;
    expect(item).not.toHaveClass('bell-item-system');
    expect(within(item).queryByText('From Vahan Contact')).not.toBeInTheDocument();
    expect(within(item).getByText('Sent by Vahan Contact')).toBeInTheDocument();
  });

  it('shows a push of the service received while the app is open with its badge', async () => {
    answerUnread([]);
    addLocalNotification({
      id: 'p3',
      title: 'Vehicle ownership verified',
      body: 'Verified',
      data: {
        notificationId: 'p3',
        title: 'Vehicle ownership verified',
        body: 'Verified',
        senderName: 'Vahan Contact',
        sentAt: new Date().toISOString(),
        url: '/dashboard',
        silent: false,
        system: true,
      },
    });
    const { panel } = await openBell();
    const item = (await within(panel).findByText('Vehicle ownership verified')).closest('li')!;
    expect(within(item).getByText('From Vahan Contact')).toBeInTheDocument();
  });

  it("shows no 'From:' line when the sender hid their phone", async () => {
    answerUnread([aServerNotification({ content: 'Hidden sender', senderId: { name: 'Rahul' } })]);
    const { panel } = await openBell();
    await within(panel).findByText('Hidden sender');
    expect(within(panel).queryByText(/^From:/)).not.toBeInTheDocument();
  });

  it('shows live push notifications too', async () => {
    answerUnread([]);
    addLocalNotification({ id: 'p1', title: 'Vehicle Notification', body: 'Pushed just now' });
    const { panel } = await openBell();
    expect(within(panel).getByText('Pushed just now')).toBeInTheDocument();
    expect(within(panel).getByText('just now')).toBeInTheDocument();
  });

  it("an unread item is highlighted and 'Mark as read' marks it read without calling the server", async () => {
    const calls = answerUnread([]);
    addLocalNotification({ id: 'p1', body: 'Pushed' });
    const { user, panel } = await openBell();
    const item = within(panel).getByText('Pushed').closest('li');
    expect(item).toHaveClass('bell-item-unread');
    await user.click(within(panel).getByRole('button', { name: 'Mark as read' }));
    expect(item).not.toHaveClass('bell-item-unread');
    expect(appStore.get(localNotificationsAtom)[0]?.read).toBe(true);
    expect(calls.map((call) => call.url)).toEqual([
      '/api/users/unreadNotifications',
      '/api/users/unreadNotifications',
    ]);
  });

  it("'Clear all' tells the server and empties both lists", async () => {
    const calls = answerUnread([aServerNotification({ content: 'From the server' })]);
    addLocalNotification({ id: 'p1', body: 'Pushed' });
    const { user, panel } = await openBell();
    await within(panel).findByText('From the server');
    await user.click(within(panel).getByRole('button', { name: 'Clear all' }));
    expect(calls.at(-1)).toMatchObject({ url: '/api/users/clearAllNotifications', method: 'POST' });
    expect(await within(panel).findByText('No notifications')).toBeInTheDocument();
    expect(appStore.get(serverNotificationsAtom)).toEqual([]);
    expect(appStore.get(localNotificationsAtom)).toEqual([]);
  });

  it("'Clear all' still empties the lists when the server call fails", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    stubFetch((call) =>
      call.url === '/api/users/unreadNotifications'
        ? jsonResponse([])
        : jsonResponse({ message: 'down' }, 500),
    );
    addLocalNotification({ id: 'p1', body: 'Pushed' });
    const { user, panel } = await openBell();
    await user.click(within(panel).getByRole('button', { name: 'Clear all' }));
    expect(await within(panel).findByText('No notifications')).toBeInTheDocument();
  });

  it('a failed fetch is only logged: the list shows what it has', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    answerUnread(Promise.resolve(jsonResponse({ message: 'down' }, 500)));
    const { panel } = await openBell();
    expect(await within(panel).findByText('No notifications')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(log).toHaveBeenCalled();
  });

  it('the close button closes the dropdown', async () => {
    answerUnread([]);
    const { user } = await openBell();
    await user.click(screen.getByRole('button', { name: 'Close notifications' }));
    expect(screen.queryByRole('region', { name: 'Notifications' })).not.toBeInTheDocument();
  });

  it('a click outside closes the dropdown', async () => {
    answerUnread([]);
    await openBell();
    act(() => void fireEvent.pointerDown(screen.getByText('Elsewhere on the page')));
    expect(screen.queryByRole('region', { name: 'Notifications' })).not.toBeInTheDocument();
  });

  it('a click inside keeps it open', async () => {
    answerUnread([]);
    const { panel } = await openBell();
    fireEvent.pointerDown(within(panel).getByRole('heading', { name: 'Notifications' }));
    expect(screen.getByRole('region', { name: 'Notifications' })).toBeInTheDocument();
  });

  it('the bell tells how many are unread', async () => {
    answerUnread([aServerNotification({ _id: 's1' })]);
    addLocalNotification({ id: 'p1', body: 'Pushed' });
    renderWithApp(<NotificationBell />);
    expect(await screen.findByRole('button', { name: 'Notifications, 2 unread' })).toBeInTheDocument();
  });
});
