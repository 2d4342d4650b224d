import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { messageTemplates } from '#common/message-templates';
import { i18n } from '../../i18n/i18n';
import { anOwnedVehicle } from '../../testing/fixtures';
import { queuedItems } from '#common/outbox/outbox-db';
import { jsonResponse, renderWithApp, stubFetch } from '../../testing/render';
import { signIn } from '../../testing/session';
import { SendNotification } from './send-notification';

const vehicle = anOwnedVehicle({ vehicleNumber: 'kl07ab1234' });

async function notify() {
  await userEvent.click(screen.getByRole('button', { name: 'Notify User' }));
}

describe('SendNotification', () => {
  beforeEach(() => {
    signIn();
  });

  it("sends the owner a 'Vehicle Notification' with one of the suggested texts", async () => {
    const calls = stubFetch(() => jsonResponse({ _id: 'notification-1' }, 201));
    renderWithApp(<SendNotification vehicle={vehicle} onQueued={vi.fn()} onCall={vi.fn()} />);
    await notify();
    await screen.findByText('Notification sent successfully.');
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({
      url: '/api/users/sendNotification',
      method: 'POST',
      body: { receiverId: vehicle.userId._id, title: 'Vehicle Notification' },
    });
    expect(messageTemplates(i18n, 'kl07ab1234')).toContain((calls[0]?.body as { body: string }).body);
  });

  it("says 'Error sending notification.' when the send fails", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    stubFetch(() => jsonResponse({ message: 'Internal Server Error' }, 500));
    renderWithApp(<SendNotification vehicle={vehicle} onQueued={vi.fn()} onCall={vi.fn()} />);
    await notify();
    expect(await screen.findByText('Error sending notification.')).toBeInTheDocument();
  });

  it("says 'User data is missing.' and sends nothing without the owner's id", async () => {
    const calls = stubFetch(() => jsonResponse({ _id: 'notification-1' }, 201));
    renderWithApp(
      <SendNotification
        vehicle={{ ...vehicle, userId: { ...vehicle.userId, _id: '' } }}
        onQueued={vi.fn()}
        onCall={vi.fn()}
      />,
    );
    await notify();
    expect(await screen.findByText('User data is missing.')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('keeps the notification in the outbox when offline and reports it queued', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const calls = stubFetch(() => jsonResponse({ _id: 'notification-1' }, 201));
    const onQueued = vi.fn();
    const me = signIn();
    renderWithApp(<SendNotification vehicle={vehicle} onQueued={onQueued} onCall={vi.fn()} />);
    await notify();
    await vi.waitFor(() => expect(onQueued).toHaveBeenCalledOnce());
    expect(calls).toHaveLength(0);
    expect(await queuedItems(me._id)).toEqual([
      expect.objectContaining({
        key: onQueued.mock.calls[0]?.[0],
        request: expect.objectContaining({ path: '/api/users/sendNotification' }),
      }),
    ]);
  });
});
