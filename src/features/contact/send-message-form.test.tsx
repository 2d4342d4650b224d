import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { messageTemplates } from '#common/message-templates';
import { anOwnedVehicle } from '../../testing/fixtures';
import { jsonResponse, renderWithApp, stubFetch } from '../../testing/render';
import { SendMessageForm } from './send-message-form';

const vehicle = anOwnedVehicle({ _id: 'vehicle-3', vehicleNumber: 'kl07ab1234' });

function renderForm(onSent = vi.fn()) {
  renderWithApp(<SendMessageForm vehicle={vehicle} onSent={onSent} />);
  return { user: userEvent.setup(), onSent };
}

describe('SendMessageForm', () => {
  it('offers the five suggestions, each naming the vehicle', () => {
    renderForm();
    for (const template of messageTemplates('kl07ab1234')) {
      expect(screen.getByRole('button', { name: template })).toHaveTextContent('KL07AB1234');
    }
  });

  it('clicking a suggestion fills the text box', async () => {
    const { user } = renderForm();
    const [, second] = messageTemplates('kl07ab1234');
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

  it('says plainly that sending needs a connection when offline, and makes no call', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const calls = stubFetch(() => jsonResponse({ _id: 'notification-1' }, 201));
    const { user } = renderForm();
    await user.type(screen.getByRole('textbox', { name: 'Message' }), 'Please move');
    await user.click(screen.getByRole('button', { name: 'Notify User' }));
    expect(await screen.findByText(/offline.*need a connection/i)).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });
});
