import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { jsonResponse, renderWithApp, stubFetch } from '../../testing/render';
import { OtherRegistrants } from './other-registrants';

describe('OtherRegistrants', () => {
  it("lists the other registrants' names of a verified vehicle", async () => {
    const calls = stubFetch(() => jsonResponse([{ _id: 'reg-2', name: 'Meera Nair', household: false }]));
    renderWithApp(<OtherRegistrants vehicleId="vehicle-1" />);
    expect(await screen.findByText('Meera Nair')).toBeInTheDocument();
    expect(calls[0]?.url).toBe('/api/users/vehicleRegistrants?id=vehicle-1');
  });

  it('"Keep as household" keeps the registrant and marks them Household', async () => {
    const user = userEvent.setup();
    const calls = stubFetch((call) =>
      jsonResponse([{ _id: 'reg-2', name: 'Meera Nair', household: call.method === 'POST' }]),
    );
    renderWithApp(<OtherRegistrants vehicleId="vehicle-1" />);
    await user.click(await screen.findByRole('button', { name: 'Keep as household' }));
    expect(calls[1]).toMatchObject({
      url: '/api/users/keepHousehold',
      method: 'POST',
      body: { id: 'vehicle-1', registrationId: 'reg-2' },
    });
    expect(await screen.findByText('Household')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Keep as household' })).not.toBeInTheDocument();
  });
});
