import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { OwnedVehicle } from '#common/api';
import { appStore } from '../../lib/store';
import { ownersAtom } from '../../state/owners';
import { anOwnedVehicle } from '../../testing/fixtures';
import { jsonResponse, renderWithApp, stubFetch } from '../../testing/render';
import MessagePage from './message-page';

const owner = anOwnedVehicle().userId;

function renderMessagePage(vehicle: OwnedVehicle = anOwnedVehicle()) {
  appStore.set(ownersAtom, [vehicle]);
  renderWithApp(<MessagePage />, { route: `/message?id=${vehicle._id}`, path: '/message' });
  return userEvent.setup();
}

async function openAction(label: string) {
  const user = userEvent.setup();
  await user.click(screen.getByRole('button', { name: label }));
  return { user, dialog: screen.getByRole('dialog', { name: 'Notify User About Vehicle' }) };
}

describe('MessagePage', () => {
  it('redirects to /vehicleSearch when no search has been made', async () => {
    renderWithApp(<MessagePage />, { route: '/message?id=vehicle-1', path: '/message' });
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/vehicleSearch'));
  });

  it('redirects to /vehicleSearch when the id is not in the loaded results', async () => {
    appStore.set(ownersAtom, [anOwnedVehicle({ _id: 'vehicle-1' })]);
    renderWithApp(<MessagePage />, { route: '/message?id=vehicle-9', path: '/message' });
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/vehicleSearch'));
  });

  it("shows the owner's initial and name under User Details", () => {
    renderMessagePage(anOwnedVehicle({ userId: { ...owner, name: 'rahul Nair' } }));
    expect(screen.getByRole('heading', { name: 'User Details' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'rahul Nair' })).toBeInTheDocument();
    expect(screen.getByText('R')).toHaveClass('owner-avatar');
  });

  it.each(['Call User', 'Send SMS', 'Send Image', 'Send Notification'])(
    "'%s' opens the 'Notify User About Vehicle' modal",
    async (label) => {
      renderMessagePage();
      const { dialog } = await openAction(label);
      expect(dialog).toBeInTheDocument();
    },
  );

  it('Call User offers a tel: link when the owner has a phone', async () => {
    renderMessagePage(anOwnedVehicle({ userId: { ...owner, phone: '9895011111', phoneVisible: true } }));
    const { dialog } = await openAction('Call User');
    expect(within(dialog).getByRole('link', { name: 'Call now' })).toHaveAttribute('href', 'tel:9895011111');
  });

  it('Call User says the owner has no public phone number when there is none', async () => {
    renderMessagePage(anOwnedVehicle({ userId: { ...owner, phone: undefined, phoneVisible: false } }));
    const { dialog } = await openAction('Call User');
    expect(within(dialog).getByText('The user has no public phone number.')).toBeInTheDocument();
    expect(within(dialog).queryByRole('link')).not.toBeInTheDocument();
  });

  it("alerts 'No phone number available.' when a call is attempted without a number", async () => {
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => undefined);
    renderMessagePage(anOwnedVehicle({ userId: { ...owner, phone: undefined, phoneVisible: false } }));
    const { user, dialog } = await openAction('Call User');
    await user.click(within(dialog).getByRole('button', { name: 'Call now' }));
    expect(alert).toHaveBeenCalledWith('No phone number available.');
  });

  it('Send Image is a placeholder that sends nothing', async () => {
    const calls = stubFetch(() => jsonResponse({}));
    renderMessagePage();
    const { dialog } = await openAction('Send Image');
    expect(within(dialog).getByText(/not available yet/)).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: /send|notify/i })).not.toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('a sent message is announced with its text and the modal closes', async () => {
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => undefined);
    stubFetch(() => jsonResponse({ _id: 'notification-1' }, 201));
    renderMessagePage();
    const { user, dialog } = await openAction('Send SMS');
    await user.type(within(dialog).getByRole('textbox', { name: 'Message' }), 'Please move your car');
    await user.click(within(dialog).getByRole('button', { name: 'Notify User' }));
    await waitFor(() => expect(alert).toHaveBeenCalledWith('Message sent: Please move your car'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
