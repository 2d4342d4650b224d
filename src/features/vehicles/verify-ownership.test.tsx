import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { appStore } from '../../lib/store';
import { vehiclesAtom } from '../../state/vehicles';
import { aVehicle } from '../../testing/fixtures';
import { jsonResponse, renderWithApp, stubFetch } from '../../testing/render';
import { VerifyOwnership } from './verify-ownership';

const vehicle = aVehicle({ _id: 'vehicle-1' });

async function fillAndVerify() {
  const user = userEvent.setup();
  renderWithApp(<VerifyOwnership vehicle={vehicle} />);
  await user.click(screen.getByRole('button', { name: 'Verify ownership' }));
  await user.type(screen.getByRole('textbox', { name: 'Last 5 of chassis number' }), '59924');
  await user.type(screen.getByRole('textbox', { name: 'Last 5 of engine number' }), '79076');
  await user.click(screen.getByRole('button', { name: 'Verify' }));
}

describe('VerifyOwnership', () => {
  it('explains that the numbers are printed on the Registration Certificate (RC)', async () => {
    const user = userEvent.setup();
    renderWithApp(<VerifyOwnership vehicle={vehicle} />);
    await user.click(screen.getByRole('button', { name: 'Verify ownership' }));
    expect(screen.getByText(/printed on your vehicle's Registration Certificate \(RC\)/)).toBeInTheDocument();
  });

  it('sends the last 5 of chassis and engine numbers and stores the verified vehicle', async () => {
    appStore.set(vehiclesAtom, [vehicle]);
    const calls = stubFetch(() => jsonResponse({ ...vehicle, verified: true }));
    await fillAndVerify();
    expect(calls[0]).toMatchObject({
      url: '/api/users/verifyVehicle',
      method: 'POST',
      body: { id: 'vehicle-1', chassisLast5: '59924', engineLast5: '79076' },
    });
    await vi.waitFor(() => expect(appStore.get(vehiclesAtom)[0]?.verified).toBe(true));
  });

  it("shows the server's message when the numbers do not match", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    stubFetch(() => jsonResponse({ message: 'These numbers do not match the RC record.' }, 400));
    await fillAndVerify();
    expect(await screen.findByRole('alert')).toHaveTextContent('These numbers do not match the RC record.');
    expect(screen.getByRole('button', { name: 'Verify' })).toBeEnabled();
  });

  it('says verification is not available when the server has no provider (503)', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    stubFetch(() =>
      jsonResponse({ message: 'Ownership verification is not available on this server.' }, 503),
    );
    await fillAndVerify();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Ownership verification is not available on this server.',
    );
  });
});
