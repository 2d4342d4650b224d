import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { aServerNotification } from '../../testing/fixtures';
import { jsonResponse, renderWithApp, stubFetch, type FetchCall } from '../../testing/render';
import { signIn } from '../../testing/session';
import { NotificationBell } from './notification-bell';

const PHOTO_URL = '/api/users/images/11111111-1111-4111-8111-111111111111';

/**
 * The bell with one request that came with a photo and a place (`marked`: its receiver already marked
 * it a false alarm); other calls answered by `answer`.
 */
function serve(
  answer: (call: FetchCall) => Response = () => jsonResponse({ message: 'ok' }),
  marked = false,
) {
  return stubFetch((call) => {
    if (call.url === '/api/users/unreadNotifications') {
      return jsonResponse([
        aServerNotification({
          _id: 'n-1',
          content: 'Your car blocks my gate',
          image: { url: PHOTO_URL },
          location: { latitude: 9.968, longitude: 76.283 },
          ...(marked ? { falseAlarm: true } : {}),
        }),
      ]);
    }
    if (call.url === PHOTO_URL) {
      return new Response('jpeg bytes', { headers: { 'content-type': 'image/jpeg' } });
    }
    return answer(call);
  });
}

async function openItem() {
  signIn();
  const user = userEvent.setup();
  renderWithApp(<NotificationBell />);
  await user.click(screen.getByRole('button', { name: /^Notifications/ }));
  const panel = screen.getByRole('region', { name: 'Notifications' });
  const item = (await within(panel).findByText('Your car blocks my gate')).closest('li');
  if (!item) throw new Error('no item');
  return { user, item: within(item) };
}

describe('a request with a photo, in the bell', () => {
  it('shows the photo read with the session token as a blob URL, and a map link', async () => {
    vi.stubGlobal(
      'URL',
      Object.assign(URL, { createObjectURL: () => 'blob:photo-1', revokeObjectURL: () => {} }),
    );
    const calls = serve();
    const { item } = await openItem();
    expect(await item.findByRole('img', { name: 'Photo sent with the request' })).toHaveAttribute(
      'src',
      'blob:photo-1',
    );
    const photoCall = calls.find((call) => call.url === PHOTO_URL);
    expect(photoCall?.headers.get('authorization')).toMatch(/^Bearer /);
    expect(item.getByRole('link', { name: 'See the place on the map' })).toHaveAttribute(
      'href',
      'https://www.openstreetmap.org/?mlat=9.968&mlon=76.283#map=17/9.968/76.283',
    );
  });

  it('enlarges the photo when tapped', async () => {
    vi.stubGlobal(
      'URL',
      Object.assign(URL, { createObjectURL: () => 'blob:photo-1', revokeObjectURL: () => {} }),
    );
    serve();
    const { user, item } = await openItem();
    await user.click(await item.findByRole('button', { name: 'Photo sent with the request' }));
    const dialog = screen.getByRole('dialog', { name: 'Photo' });
    expect(within(dialog).getByRole('img', { name: 'Photo sent with the request' })).toBeInTheDocument();
  });
});

describe('False alarm on a request', () => {
  async function markFalseAlarm() {
    const opened = await openItem();
    await opened.user.click(opened.item.getByRole('button', { name: 'False alarm' }));
    expect(
      opened.item.getByText('Mark this request a false alarm? It counts against its sender.'),
    ).toBeInTheDocument();
    await opened.user.click(opened.item.getByRole('button', { name: 'Mark it' }));
    return opened;
  }

  it('asks first, and Keep it sends nothing', async () => {
    const calls = serve();
    const { user, item } = await openItem();
    await user.click(item.getByRole('button', { name: 'False alarm' }));
    await user.click(item.getByRole('button', { name: 'Keep it' }));
    expect(item.getByRole('button', { name: 'False alarm' })).toBeEnabled();
    expect(calls.map((call) => call.url)).not.toContain('/api/users/reportFalseAlarm');
  });

  /** Answers reportFalseAlarm as the server does (undoable for 60 s), undoFalseAlarm with `undone`. */
  const reportThenUndo = (undone: Response) => (call: FetchCall) =>
    call.url === '/api/users/reportFalseAlarm'
      ? jsonResponse({ message: 'Marked as a false alarm.', undoSeconds: 60 })
      : call.url === '/api/users/undoFalseAlarm'
        ? undone
        : jsonResponse({ message: 'ok' });

  it("posts the request's id to reportFalseAlarm at once, offers Undo for the server's seconds, then shows it marked", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const calls = serve(reportThenUndo(jsonResponse({ message: 'ok' })));
    const { item } = await markFalseAlarm();
    expect(
      await item.findByText(/Marked as a false alarm: it counts against its sender in 60 seconds/),
    ).toBeInTheDocument();
    expect(calls.at(-1)).toMatchObject({
      url: '/api/users/reportFalseAlarm',
      body: { notificationId: 'n-1' },
    });
    await vi.advanceTimersByTimeAsync(59_000);
    expect(item.getByRole('button', { name: 'Undo' })).toBeEnabled();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(await item.findByRole('button', { name: 'Marked as a false alarm' })).toBeDisabled();
    expect(item.queryByRole('button', { name: 'Undo' })).toBeNull();
    vi.useRealTimers();
  });

  it('undoes on the server within the seconds, and can be marked again', async () => {
    const calls = serve(reportThenUndo(jsonResponse({ message: 'The false alarm was withdrawn.' })));
    const { user, item } = await markFalseAlarm();
    await user.click(await item.findByRole('button', { name: 'Undo' }));
    expect(calls.at(-1)).toMatchObject({ url: '/api/users/undoFalseAlarm', body: { notificationId: 'n-1' } });
    expect(await screen.findByText('The false alarm was withdrawn.')).toBeInTheDocument();
    expect(item.getByRole('button', { name: 'False alarm' })).toBeEnabled();
  });

  it("says the server's reason when the undo comes too late, and shows the request marked", async () => {
    const tooLate = 'The time to undo this report has passed: it counts as a false alarm.';
    serve(reportThenUndo(jsonResponse({ message: tooLate }, 409)));
    const { user, item } = await markFalseAlarm();
    await user.click(await item.findByRole('button', { name: 'Undo' }));
    expect(await screen.findByText(tooLate)).toBeInTheDocument();
    expect(item.getByRole('button', { name: 'Marked as a false alarm' })).toBeDisabled();
  });

  it('shows a request the server says is marked as marked, after a reload too', async () => {
    const calls = serve(undefined, true);
    const { item } = await openItem();
    expect(await item.findByRole('button', { name: 'Marked as a false alarm' })).toBeDisabled();
    expect(calls.map((call) => call.url)).not.toContain('/api/users/reportFalseAlarm');
  });

  it('takes 409 as marked already', async () => {
    serve(() => jsonResponse({ message: 'This request is already marked as a false alarm.' }, 409));
    const { item } = await markFalseAlarm();
    expect(await item.findByRole('button', { name: 'Marked as a false alarm' })).toBeDisabled();
  });
});
