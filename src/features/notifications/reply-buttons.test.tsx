import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { queuedItems } from '#common/outbox/outbox-db';
import { addLocalNotification } from '../../state/notifications';
import { aServerNotification, aUser } from '../../testing/fixtures';
import { jsonResponse, renderWithApp, stubFetch, type FetchCall } from '../../testing/render';
import { signIn } from '../../testing/session';
import { networkReturns, runOutbox } from '../../testing/outbox';
import { NotificationBell } from './notification-bell';

beforeEach(() => {
  signIn(aUser({ _id: 'owner-1' }));
});

/** The bell with one server notification (id n-1); other calls answered by `answer`. */
function serve(answer: (call: FetchCall) => Response = () => jsonResponse({ message: 'ok' }, 201)) {
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

describe('answering a request from the bell', () => {
  it('offers the five answers on a notification from the server', async () => {
    serve();
    const { item } = await openItem();
    for (const label of ['Coming now', 'In 5 minutes', 'In 15 minutes', "Can't come now", 'Not my vehicle']) {
      expect(item.getByRole('button', { name: label })).toBeInTheDocument();
    }
  });

  it('offers none on a live push item', async () => {
    stubFetch(() => jsonResponse([]));
    addLocalNotification({ id: 'p1', body: 'Pushed' });
    const user = userEvent.setup();
    renderWithApp(<NotificationBell />);
    await user.click(screen.getByRole('button', { name: /^Notifications/ }));
    await screen.findByText('Pushed');
    expect(screen.queryByRole('button', { name: 'Coming now' })).not.toBeInTheDocument();
  });

  it('sends the answer and shows it in place of the buttons', async () => {
    const calls = serve();
    const { user, item } = await openItem();
    await user.click(item.getByRole('button', { name: 'In 5 minutes' }));
    expect(await item.findByText('You answered: In 5 minutes')).toBeInTheDocument();
    expect(item.queryByRole('button', { name: 'Coming now' })).not.toBeInTheDocument();
    expect(calls.find((call) => call.url === '/api/users/replyToNotification')).toMatchObject({
      method: 'POST',
      body: { notificationId: 'n-1', kind: 'five_minutes' },
    });
  });

  it('asks the owner to check the registration after "Not my vehicle"', async () => {
    serve();
    const { user, item } = await openItem();
    await user.click(item.getByRole('button', { name: 'Not my vehicle' }));
    expect(
      await screen.findByText(
        'Thanks. Please check the registration number of your vehicle in My Vehicles: it may have been typed wrong.',
      ),
    ).toBeInTheDocument();
  });

  it('shows the request as answered when it was answered elsewhere (409)', async () => {
    serve((call) =>
      call.url === '/api/users/replyToNotification'
        ? jsonResponse({ message: 'This request has already been answered.' }, 409)
        : jsonResponse({ message: 'ok' }),
    );
    const { user, item } = await openItem();
    await user.click(item.getByRole('button', { name: 'Coming now' }));
    expect(await item.findByText('Answered')).toBeInTheDocument();
  });

  it('sends the answer with an Idempotency-Key', async () => {
    const calls = serve();
    const { user, item } = await openItem();
    await user.click(item.getByRole('button', { name: 'Coming now' }));
    await item.findByText('You answered: Coming now');
    const sent = calls.find((call) => call.url === '/api/users/replyToNotification');
    expect(sent?.headers.get('idempotency-key')).toMatch(/^[0-9a-f]{32}$/);
  });

  it('keeps an answer tapped with no signal, says so, and sends it once when the network returns', async () => {
    runOutbox();
    const calls = serve();
    const { user, item } = await openItem();
    const online = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    await user.click(item.getByRole('button', { name: 'Coming now' }));
    expect(
      await screen.findByText('No signal: your answer will be sent when you are back online.'),
    ).toBeInTheDocument();
    expect(item.getByText('You answered: Coming now')).toBeInTheDocument();
    expect(await queuedItems('owner-1')).toEqual([expect.objectContaining({ label: 'Answer: Coming now' })]);
    expect(calls.filter((call) => call.url === '/api/users/replyToNotification')).toEqual([]);

    networkReturns(online);
    expect(await screen.findByText('Sent: Answer: Coming now')).toBeInTheDocument();
    expect(calls.filter((call) => call.url === '/api/users/replyToNotification')).toEqual([
      expect.objectContaining({ body: { notificationId: 'n-1', kind: 'coming_now' } }),
    ]);
    expect(await queuedItems('owner-1')).toEqual([]);
  });

  it('keeps the buttons and says so when the answer could not be sent', async () => {
    serve((call) =>
      call.url === '/api/users/replyToNotification'
        ? jsonResponse({ message: 'Internal Server Error' }, 500)
        : jsonResponse({ message: 'ok' }),
    );
    const { user, item } = await openItem();
    await user.click(item.getByRole('button', { name: 'Coming now' }));
    expect(await screen.findByText('Could not send your answer. Please try again.')).toBeInTheDocument();
    expect(item.getByRole('button', { name: 'Coming now' })).toBeEnabled();
  });
});

describe('opening the bell', () => {
  it('tells the server its requests were seen', async () => {
    const calls = serve(() => jsonResponse({ message: 'ok' }));
    await openItem();
    await waitFor(() =>
      expect(calls.find((call) => call.url === '/api/users/notificationsSeen')).toMatchObject({
        method: 'POST',
        body: { ids: ['n-1'] },
      }),
    );
  });

  it('says nothing is seen while it stays closed', async () => {
    const calls = serve();
    renderWithApp(<NotificationBell />);
    await waitFor(() =>
      expect(calls.some((call) => call.url === '/api/users/unreadNotifications')).toBe(true),
    );
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(calls.some((call) => call.url === '/api/users/notificationsSeen')).toBe(false);
  });
});
