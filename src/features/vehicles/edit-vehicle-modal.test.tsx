import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { appStore } from '../../lib/store';
import { vehiclesAtom } from '../../state/vehicles';
import { aVehicle } from '../../testing/fixtures';
import { jsonResponse, renderWithApp, stubFetch } from '../../testing/render';
import { EditVehicleModal } from './edit-vehicle-modal';
import { activateLanguage } from '../../i18n/i18n';

const vehicle = aVehicle({ _id: 'vehicle-5', name: 'Swift', vehicleNumber: 'kl07ab1234' });

function renderModal() {
  appStore.set(vehiclesAtom, [vehicle, aVehicle({ _id: 'vehicle-6', name: 'Activa' })]);
  const onClose = vi.fn();
  renderWithApp(<EditVehicleModal vehicle={vehicle} onClose={onClose} />);
  return { user: userEvent.setup(), onClose };
}

describe('EditVehicleModal', () => {
  it('names its fields name and vehicleNumber', () => {
    renderModal();
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveAttribute('name', 'name');
    expect(screen.getByRole('textbox', { name: 'Number' })).toHaveAttribute('name', 'vehicleNumber');
  });

  it('Save changes sends the edit, updates the vehicle in the list and closes', async () => {
    const calls = stubFetch(({ body }) => jsonResponse({ ...vehicle, ...(body as object), name: 'Dzire' }));
    const { user, onClose } = renderModal();
    const name = screen.getByRole('textbox', { name: 'Name' });
    await user.clear(name);
    await user.type(name, 'Dzire ');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(onClose).toHaveBeenCalledOnce());
    expect(calls[0]).toMatchObject({
      url: '/api/users/updateVehicle',
      method: 'PATCH',
      body: { id: 'vehicle-5', name: 'Dzire', vehicleNumber: 'kl07ab1234' },
    });
    expect(appStore.get(vehiclesAtom).map((item) => item.name)).toEqual(['Dzire', 'Activa']);
  });

  it("warns 'Failed to update!' when the save fails, keeps the vehicle and closes", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    stubFetch(() => jsonResponse({ message: 'Vehicle number already registered' }, 409));
    const { user, onClose } = renderModal();
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Failed to update!')).toBeInTheDocument();
    expect(onClose).toHaveBeenCalledOnce();
    expect(appStore.get(vehiclesAtom).map((item) => item.name)).toEqual(['Swift', 'Activa']);
  });

  it('takes a Bharat-series number', async () => {
    const calls = stubFetch(({ body }) => jsonResponse({ ...vehicle, ...(body as object) }));
    const { user, onClose } = renderModal();
    const number = screen.getByRole('textbox', { name: 'Number' });
    await user.clear(number);
    await user.type(number, '22 BH 1234 AA');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(onClose).toHaveBeenCalledOnce());
    expect(calls[0]?.body).toMatchObject({ vehicleNumber: '22bh1234aa' });
  });

  it("keeps a wrong number open with 'Failed to update!' and the form expected beside the box", async () => {
    const calls = stubFetch(() => jsonResponse({}));
    const { user, onClose } = renderModal();
    const number = screen.getByRole('textbox', { name: 'Number' });
    await user.clear(number);
    await user.type(number, 'KL 07 ABC 12');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Failed to update!')).toBeInTheDocument();
    expect(number).toHaveAttribute('aria-invalid', 'true');
    expect(number).toHaveAccessibleDescription(
      /like KL 07 AB 1234, or a Bharat-series number like 22 BH 1234 AA/,
    );
    expect(onClose).not.toHaveBeenCalled();
    expect(calls).toEqual([]);
  });

  it('Delete removes the vehicle from the list and closes', async () => {
    const calls = stubFetch(() => jsonResponse({ message: 'Vehicle deleted' }));
    const { user, onClose } = renderModal();
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(onClose).toHaveBeenCalledOnce());
    expect(calls[0]).toMatchObject({ url: '/api/users/deleteVehicle?id=vehicle-5', method: 'DELETE' });
    expect(appStore.get(vehiclesAtom).map((item) => item._id)).toEqual(['vehicle-6']);
  });

  it("warns 'Failed to delete!' when the delete fails, keeps the vehicle and closes", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    stubFetch(() => jsonResponse({ message: 'Not found' }, 404));
    const { user, onClose } = renderModal();
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Failed to delete!')).toBeInTheDocument();
    expect(onClose).toHaveBeenCalledOnce();
    expect(appStore.get(vehiclesAtom)).toHaveLength(2);
  });

  it('Cancel closes without calling the server', async () => {
    const calls = stubFetch(() => jsonResponse({}));
    const { user, onClose } = renderModal();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalledOnce();
    expect(calls).toHaveLength(0);
  });

  it('says plainly that saving needs a connection when offline, and stays open', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const calls = stubFetch(() => jsonResponse({}));
    const { user, onClose } = renderModal();
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText(/offline.*need a connection/i)).toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
    expect(calls).toHaveLength(0);
  });
});

describe('EditVehicleModal in Malayalam', () => {
  it("warns in Malayalam when the changes can't be saved", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    stubFetch(() => jsonResponse({ message: 'Vehicle number already registered' }, 409));
    await activateLanguage('ml');
    const { user } = renderModal();
    await user.click(screen.getByRole('button', { name: 'മാറ്റങ്ങൾ സേവ് ചെയ്യുക' }));
    expect(await screen.findByText('മാറ്റങ്ങൾ സേവ് ചെയ്യാൻ കഴിഞ്ഞില്ല!')).toBeInTheDocument();
  });

  it("warns in Malayalam when the vehicle can't be deleted", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    stubFetch(() => jsonResponse({ message: 'Not found' }, 404));
    await activateLanguage('ml');
    const { user } = renderModal();
    await user.click(screen.getByRole('button', { name: 'ഇല്ലാതാക്കുക' }));
    expect(await screen.findByText('ഇല്ലാതാക്കാൻ കഴിഞ്ഞില്ല!')).toBeInTheDocument();
  });
});
