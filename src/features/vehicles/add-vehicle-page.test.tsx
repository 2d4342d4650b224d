import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { appStore } from '../../lib/store';
import { vehiclesAtom } from '../../state/vehicles';
import { aVehicle } from '../../testing/fixtures';
import { jsonResponse, renderWithApp, stubFetch } from '../../testing/render';
import AddVehiclePage from './add-vehicle-page';
import { activateLanguage } from '../../i18n/i18n';

async function fillAndSave(name: string, number: string) {
  const user = userEvent.setup();
  await user.type(screen.getByRole('textbox', { name: 'Vehicle name' }), name);
  await user.type(screen.getByRole('textbox', { name: 'Registration number' }), number);
  await user.click(screen.getByRole('button', { name: 'Save' }));
  return user;
}

describe('AddVehiclePage', () => {
  it('offers the four vehicle types with Four Wheeler chosen', () => {
    renderWithApp(<AddVehiclePage />);
    const select = screen.getByRole('combobox', { name: 'Vehicle type' });
    expect(select).toHaveAttribute('name', 'vehicleType');
    expect(select).toHaveValue('Four');
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual([
      'Four Wheeler',
      'Three Wheeler',
      'Two Wheeler',
      'Heavy',
    ]);
  });

  it("rejects a malformed number with 'Invalid format!' and makes no call", async () => {
    const calls = stubFetch(() => jsonResponse(aVehicle(), 201));
    renderWithApp(<AddVehiclePage />);
    await fillAndSave('Swift', 'KL-7-1234');
    expect(await screen.findByText('Invalid format!')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('saves the vehicle, adds it to the list and goes to /myVehicle', async () => {
    const created = aVehicle({ _id: 'vehicle-new', name: 'Activa', vehicleType: 'Two' });
    const calls = stubFetch(() => jsonResponse(created, 201));
    renderWithApp(<AddVehiclePage />, { route: '/addVehicle' });
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Vehicle type' }), 'Two Wheeler');
    await fillAndSave(' Activa ', 'KL07X1234');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/myVehicle'));
    expect(calls[0]).toMatchObject({
      url: '/api/users/addVehicle',
      method: 'POST',
      body: { vehicleType: 'Two', name: 'Activa', vehicleNumber: 'kl07x1234' },
    });
    expect(appStore.get(vehiclesAtom)).toEqual([created]);
  });

  it("shows 'Something went wrong!' when the save fails and stays on the form", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    stubFetch(() => jsonResponse({ message: 'Internal Server Error' }, 500));
    renderWithApp(<AddVehiclePage />, { route: '/addVehicle' });
    await fillAndSave('Swift', 'KL07AB1234');
    expect(await screen.findByText('Something went wrong!')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/addVehicle');
    expect(screen.getByRole('button', { name: 'Save' })).toBeEnabled();
  });

  it('also says the number is already registered when the server reports a duplicate', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    stubFetch(() => jsonResponse({ message: 'Vehicle number already registered' }, 409));
    renderWithApp(<AddVehiclePage />);
    await fillAndSave('Swift', 'KL07AB1234');
    expect(await screen.findByText('Something went wrong!')).toBeInTheDocument();
    expect(await screen.findByText('This vehicle number is already registered.')).toBeInTheDocument();
  });

  it('says plainly that saving needs a connection when offline, and makes no call', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const calls = stubFetch(() => jsonResponse(aVehicle(), 201));
    renderWithApp(<AddVehiclePage />);
    await fillAndSave('Swift', 'KL07AB1234');
    expect(await screen.findByText(/offline.*need a connection/i)).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });
});

describe('AddVehiclePage in Malayalam', () => {
  async function saveInMalayalam(number: string) {
    await activateLanguage('ml');
    renderWithApp(<AddVehiclePage />);
    const user = userEvent.setup();
    await user.type(screen.getByRole('textbox', { name: 'വാഹനത്തിന്റെ പേര്' }), 'Swift');
    await user.type(screen.getByRole('textbox', { name: 'രജിസ്ട്രേഷൻ നമ്പർ' }), number);
    await user.click(screen.getByRole('button', { name: 'സേവ് ചെയ്യുക' }));
  }

  it('names the four vehicle types in Malayalam', async () => {
    await activateLanguage('ml');
    renderWithApp(<AddVehiclePage />);
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual([
      'നാലുചക്ര വാഹനം',
      'മുച്ചക്ര വാഹനം',
      'ഇരുചക്ര വാഹനം',
      'വലിയ വാഹനം',
    ]);
  });

  it('rejects a malformed number in Malayalam', async () => {
    stubFetch(() => jsonResponse(aVehicle(), 201));
    await saveInMalayalam('KL-7-1234');
    expect(await screen.findByText('നമ്പറിന്റെ രീതി ശരിയല്ല!')).toBeInTheDocument();
  });

  it('says in Malayalam that something went wrong and that the number is already registered', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    stubFetch(() => jsonResponse({ message: 'Vehicle number already registered' }, 409));
    await saveInMalayalam('KL07AB1234');
    expect(await screen.findByText('എന്തോ പിശക് സംഭവിച്ചു!')).toBeInTheDocument();
    expect(await screen.findByText('ഈ വാഹന നമ്പർ നേരത്തേ രജിസ്റ്റർ ചെയ്തിട്ടുണ്ട്.')).toBeInTheDocument();
  });
});
