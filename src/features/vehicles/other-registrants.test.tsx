import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { jsonResponse, renderWithApp, stubFetch } from '../../testing/render';
import { OtherRegistrants } from './other-registrants';

describe('OtherRegistrants', () => {
  it("lists the other registrants' names of a verified vehicle", async () => {
    const calls = stubFetch(() =>
      jsonResponse([{ _id: 'reg-2', name: 'Meera Nair', verified: false, household: false }]),
    );
    renderWithApp(<OtherRegistrants vehicleId="vehicle-1" />);
    expect(await screen.findByText('Meera Nair')).toBeInTheDocument();
    expect(calls[0]?.url).toBe('/api/users/vehicleRegistrants?id=vehicle-1');
  });

  it('"Keep as household" keeps the registrant and marks them Household', async () => {
    const user = userEvent.setup();
    const calls = stubFetch((call) =>
      jsonResponse([
        { _id: 'reg-2', name: 'Meera Nair', verified: false, household: call.method === 'POST' },
      ]),
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

  it('"Release" releases a verified registrant, who is then listed as not verified', async () => {
    const user = userEvent.setup();
    const calls = stubFetch((call) =>
      jsonResponse([
        { _id: 'reg-3', name: 'Previous Owner', verified: call.method !== 'POST', household: false },
      ]),
    );
    renderWithApp(<OtherRegistrants vehicleId="vehicle-1" />);
    expect(await screen.findByText('Verified owner')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Release' }));
    expect(calls[1]).toMatchObject({
      url: '/api/users/releaseHousehold',
      method: 'POST',
      body: { id: 'vehicle-1', registrationId: 'reg-3' },
    });
    expect(await screen.findByRole('button', { name: 'Keep as household' })).toBeInTheDocument();
    expect(screen.queryByText('Verified owner')).not.toBeInTheDocument();
  });
});
