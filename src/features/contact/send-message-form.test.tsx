import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { messageTemplates } from '#common/message-templates';
import { i18n } from '../../i18n/i18n';
import { anOwnedVehicle } from '../../testing/fixtures';
import { queuedItems } from '#common/outbox/outbox-db';
import { jsonResponse, renderWithApp, stubFetch } from '../../testing/render';
import { signIn } from '../../testing/session';
import { SendMessageForm } from './send-message-form';

const vehicle = anOwnedVehicle({ _id: 'vehicle-3', vehicleNumber: 'kl07ab1234' });

function renderForm(onSent = vi.fn()) {
  const me = signIn();
  const onQueued = vi.fn();
  renderWithApp(<SendMessageForm vehicle={vehicle} onSent={onSent} onQueued={onQueued} onCall={vi.fn()} />);
  return { user: userEvent.setup(), onSent, onQueued, me };
}

describe('SendMessageForm', () => {
  it('offers the five suggestions, each naming the vehicle', () => {
    renderForm();
    for (const template of messageTemplates(i18n, 'kl07ab1234')) {
      expect(screen.getByRole('button', { name: template })).toHaveTextContent('KL07AB1234');
    }
  });

  it('clicking a suggestion fills the text box', async () => {
    const { user } = renderForm();
    const [, second] = messageTemplates(i18n, 'kl07ab1234');
    await user.click(screen.getByRole('button', { name: second }));
    expect(screen.getByRole('textbox', { name: 'Message' })).toHaveValue(second);
  });

  it('disables Notify User while the message is empty', () => {
    renderForm();
    expect(screen.getByRole('button', { name: 'Notify User' })).toBeDisabled();
  });

  it('disables Notify User while the message is only spaces', async () => {
    const { user } = renderForm();
    await user.type(screen.getByRole('textbox', { name: 'Message' }), '   ');
    expect(screen.getByRole('button', { name: 'Notify User' })).toBeDisabled();
  });

  it('sends the owner id, the vehicle id and the trimmed message', async () => {
    vi.spyOn(window, 'alert').mockImplementation(() => undefined);
    const calls = stubFetch(() => jsonResponse({ _id: 'notification-1' }, 201));
    const { user, onSent } = renderForm();
    await user.type(screen.getByRole('textbox', { name: 'Message' }), '  On my way out  ');
    await user.click(screen.getByRole('button', { name: 'Notify User' }));
    await waitFor(() => expect(onSent).toHaveBeenCalledOnce());
    expect(calls).toEqual([
      expect.objectContaining({
        url: '/api/users/sendMessage',
        method: 'POST',
        body: { userId: vehicle.userId._id, vehicleId: 'vehicle-3', message: 'On my way out' },
      }),
    ]);
  });

  it("alerts 'Error sending message:' when the send fails and keeps the form", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => undefined);
    stubFetch(() => jsonResponse({ message: 'Too many requests' }, 429));
    const { user, onSent } = renderForm();
    await user.type(screen.getByRole('textbox', { name: 'Message' }), 'Please move');
    await user.click(screen.getByRole('button', { name: 'Notify User' }));
    await waitFor(() => expect(alert).toHaveBeenCalledWith('Error sending message:'));
    expect(onSent).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Notify User' })).toBeEnabled();
  });

  it('sends the message with an Idempotency-Key and leaves nothing in the outbox', async () => {
    vi.spyOn(window, 'alert').mockImplementation(() => undefined);
    const calls = stubFetch(() => jsonResponse({ _id: 'notification-1' }, 201));
    const { user, onSent, me } = renderForm();
    await user.type(screen.getByRole('textbox', { name: 'Message' }), 'Please move');
    await user.click(screen.getByRole('button', { name: 'Notify User' }));
    await waitFor(() => expect(onSent).toHaveBeenCalledOnce());
    expect(calls[0]?.headers.get('Idempotency-Key')).toMatch(/^[A-Za-z0-9_-]{8,128}$/);
    expect(await queuedItems(me._id)).toEqual([]);
  });

  it('keeps the message in the outbox when offline, makes no call and reports it queued', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const calls = stubFetch(() => jsonResponse({ _id: 'notification-1' }, 201));
    const { user, onQueued, onSent, me } = renderForm();
    await user.type(screen.getByRole('textbox', { name: 'Message' }), 'Please move');
    await user.click(screen.getByRole('button', { name: 'Notify User' }));
    await waitFor(() => expect(onQueued).toHaveBeenCalledOnce());
    expect(calls).toHaveLength(0);
    expect(onSent).not.toHaveBeenCalled();
    expect(await queuedItems(me._id)).toEqual([
      expect.objectContaining({
        key: onQueued.mock.calls[0]?.[0],
        request: {
          path: '/api/users/sendMessage',
          body: { userId: vehicle.userId._id, vehicleId: 'vehicle-3', message: 'Please move' },
        },
      }),
    ]);
  });

  it('keeps the message in the outbox under the key it was sent with when no answer came', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const calls = stubFetch(() => {
      throw new TypeError('Failed to fetch');
    });
    const { user, onQueued, me } = renderForm();
    await user.type(screen.getByRole('textbox', { name: 'Message' }), 'Please move');
    await user.click(screen.getByRole('button', { name: 'Notify User' }));
    await waitFor(() => expect(onQueued).toHaveBeenCalledOnce());
    const [queued] = await queuedItems(me._id);
    expect(queued?.key).toBe(calls[0]?.headers.get('Idempotency-Key'));
  });
});
