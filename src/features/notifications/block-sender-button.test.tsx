import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { offlineText } from '../../lib/texts';
import { addLocalNotification } from '../../state/notifications';
import { aServerNotification } from '../../testing/fixtures';
import { jsonResponse, renderWithApp, stubFetch, type FetchCall } from '../../testing/render';
import { NotificationBell } from './notification-bell';

/** The bell with one server notification (id n-1), the block calls answered by `answer`. */
function serve(answer: (call: FetchCall) => Response = () => jsonResponse({ message: 'ok' })) {
  return stubFetch((call) =>
    call.url === '/api/users/unreadNotifications'
      ? jsonResponse([aServerNotification({ _id: 'n-1', content: 'Move your car' })])
      : answer(call),
  );
}

async function openItem() {
  const user = userEvent.setup();
  renderWithApp(<NotificationBell />);
  await user.click(screen.getByRole('button', { name: /^Notifications/ }));
  const panel = screen.getByRole('region', { name: 'Notifications' });
  const item = (await within(panel).findByText('Move your car')).closest('li');
  if (!item) throw new Error('no item');
  return { user, item: within(item) };
}

describe('Block sender on a notification', () => {
  it('is offered on a notification from the server', async () => {
    serve();
    const { item } = await openItem();
    expect(item.getByRole('button', { name: 'Block sender' })).toBeInTheDocument();
  });

  it('is not offered on a live push item, which has no sender the server can block', async () => {
    stubFetch(() => jsonResponse([]));
    addLocalNotification({ id: 'p1', body: 'Pushed' });
    const user = userEvent.setup();
    renderWithApp(<NotificationBell />);
    await user.click(screen.getByRole('button', { name: /^Notifications/ }));
    await screen.findByText('Pushed');
    expect(screen.queryByRole('button', { name: 'Block sender' })).not.toBeInTheDocument();
  });

  it("posts the notification's id to blockSender and says the sender is blocked", async () => {
    const calls = serve();
    const { user, item } = await openItem();
    await user.click(item.getByRole('button', { name: 'Block sender' }));
    expect(calls.at(-1)).toMatchObject({
      url: '/api/users/blockSender',
      method: 'POST',
      body: { notificationId: 'n-1' },
    });
    expect(await screen.findByText('Sender blocked. They can no longer contact you.')).toBeInTheDocument();
  });

  it('offers to undo at once: Unblock sender posts to unblockSender', async () => {
    const calls = serve();
    const { user, item } = await openItem();
    await user.click(item.getByRole('button', { name: 'Block sender' }));
    await user.click(await item.findByRole('button', { name: 'Unblock sender' }));
    expect(calls.at(-1)).toMatchObject({ url: '/api/users/unblockSender', body: { notificationId: 'n-1' } });
    expect(await screen.findByText('Sender unblocked.')).toBeInTheDocument();
    expect(item.getByRole('button', { name: 'Block sender' })).toBeInTheDocument();
  });

  it('says so when the server refuses, and keeps offering the block', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    serve(() => jsonResponse({ message: 'Notification not found' }, 404));
    const { user, item } = await openItem();
    await user.click(item.getByRole('button', { name: 'Block sender' }));
    expect(await screen.findByText('Could not block the sender. Please try again.')).toBeInTheDocument();
    expect(item.getByRole('button', { name: 'Block sender' })).toBeEnabled();
  });

  it('says so when the network fails', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    serve(() => {
      throw new TypeError('Failed to fetch');
    });
    const { user, item } = await openItem();
    await user.click(item.getByRole('button', { name: 'Block sender' }));
    expect(await screen.findByText('Could not block the sender. Please try again.')).toBeInTheDocument();
  });

  it('says the app is offline without calling the server', async () => {
    const calls = serve();
    const { user, item } = await openItem();
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    await user.click(item.getByRole('button', { name: 'Block sender' }));
    expect(await screen.findByText(offlineText())).toBeInTheDocument();
    expect(calls.map((call) => call.url)).not.toContain('/api/users/blockSender');
  });
});
