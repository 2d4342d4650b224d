import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { appStore } from '../../lib/store';
import { vehiclesAtom } from '../../state/vehicles';
import { aVehicle } from '../../testing/fixtures';
import { jsonResponse, renderWithApp, stubFetch } from '../../testing/render';
import MyVehiclesPage from './my-vehicles-page';

function never(): Promise<Response> {
  return new Promise(() => undefined);
}

describe('MyVehiclesPage', () => {
  it('shows a spinner while the list loads and none is stored', () => {
    stubFetch(never);
    renderWithApp(<MyVehiclesPage />);
    expect(screen.getByRole('status', { name: 'Loading vehicles' })).toBeInTheDocument();
  });

  it('renders the stored vehicles at once, before the server answers', () => {
    stubFetch(never);
    appStore.set(vehiclesAtom, [aVehicle({ name: 'Stored Swift' })]);
    renderWithApp(<MyVehiclesPage />);
    expect(screen.getByText('Stored Swift')).toBeInTheDocument();
    expect(screen.queryByRole('status', { name: 'Loading vehicles' })).not.toBeInTheDocument();
  });

  it('lists each vehicle from the server with its name, type label and upper-case number', async () => {
    stubFetch(() =>
      jsonResponse([aVehicle({ name: 'Activa', vehicleType: 'Two', vehicleNumber: 'kl07x1234' })]),
    );
    renderWithApp(<MyVehiclesPage />);
    const item = await screen.findByRole('button', { name: /Activa/ });
    expect(within(item).getByText('Two Wheeler')).toBeInTheDocument();
    expect(within(item).getByText('KL07X1234')).toBeInTheDocument();
    expect(appStore.get(vehiclesAtom)).toHaveLength(1);
  });

  it('offers "Verify ownership" on an unverified vehicle and marks a verified one "Verified owner"', async () => {
    stubFetch((call) =>
      call.url.startsWith('/api/users/vehicleRegistrants')
        ? jsonResponse([])
        : jsonResponse([
            aVehicle({ _id: 'v1', name: 'Swift', verified: true }),
            aVehicle({ _id: 'v2', name: 'Activa', vehicleNumber: 'kl07x1234' }),
          ]),
    );
    renderWithApp(<MyVehiclesPage />);
    expect(await screen.findByText('Verified owner')).toBeInTheDocument();
    expect(screen.getByText('Not verified')).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: 'Verify ownership' })).toHaveLength(1);
  });

  it('asks the owner to verify again when the proof of ownership expired', async () => {
    stubFetch(() => jsonResponse([aVehicle({ _id: 'v1', name: 'Swift', proofExpired: true })]));
    renderWithApp(<MyVehiclesPage />);
    expect(
      await screen.findByText('Your proof of ownership has expired. Please verify this vehicle again.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Verify ownership' })).toBeInTheDocument();
  });

  it('shows the empty texts when the user has no vehicles', async () => {
    stubFetch(() => jsonResponse([]));
    renderWithApp(<MyVehiclesPage />);
    expect(await screen.findByText('No Vehicles Found')).toBeInTheDocument();
    expect(
      screen.getByText("You haven't added any vehicles yet. Start by adding your first vehicle!"),
    ).toBeInTheDocument();
  });

  it("shows 'Failed to fetch vehicles!' when the list cannot be loaded", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    stubFetch(() => jsonResponse({ message: 'Internal Server Error' }, 500));
    renderWithApp(<MyVehiclesPage />);
    expect(await screen.findByText('Failed to fetch vehicles!')).toBeInTheDocument();
  });

  it('keeps showing the stored vehicles offline without calling the server', () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const calls = stubFetch(never);
    appStore.set(vehiclesAtom, [aVehicle({ name: 'Stored Swift' })]);
    renderWithApp(<MyVehiclesPage />);
    expect(screen.getByText('Stored Swift')).toBeInTheDocument();
    expect(screen.getByText(/offline/)).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('clicking a vehicle opens the Edit Vehicles modal with its name and number filled in', async () => {
    stubFetch(() => jsonResponse([aVehicle({ name: 'Swift', vehicleNumber: 'kl07ab1234' })]));
    renderWithApp(<MyVehiclesPage />);
    await userEvent.click(await screen.findByRole('button', { name: /Swift/ }));
    const dialog = screen.getByRole('dialog', { name: 'Edit Vehicles' });
    expect(within(dialog).getByRole('textbox', { name: 'Name' })).toHaveValue('Swift');
    expect(within(dialog).getByRole('textbox', { name: 'Number' })).toHaveValue('kl07ab1234');
  });

  it('ADD NEW VEHICLE goes to /addVehicle', async () => {
    stubFetch(() => jsonResponse([]));
    renderWithApp(<MyVehiclesPage />);
    await userEvent.click(screen.getByRole('button', { name: 'ADD NEW VEHICLE' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/addVehicle'));
  });
});
