import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { activateLanguage } from '../../i18n/i18n';
import { anOwnedVehicle } from '../../testing/fixtures';
import { renderWithApp, stubFetch } from '../../testing/render';
import { signIn } from '../../testing/session';
import { SendNotification } from './send-notification';

const reachable = anOwnedVehicle({ vehicleNumber: 'kl07ab1234' });
const unreachableByCall = anOwnedVehicle({
  vehicleNumber: 'kl07ab1234',
  userId: { ...reachable.userId, phoneVisible: false, maskedCall: { available: false } },
});

const refusal = (status: number, message: string, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify({ message }), {
    status,
    headers: { 'content-type': 'application/json', ...headers },
  });

function renderSend(vehicle = reachable) {
  const onCall = vi.fn();
  renderWithApp(<SendNotification vehicle={vehicle} onQueued={vi.fn()} onCall={onCall} />, {
    route: '/message?id=vehicle-1',
  });
  return { onCall };
}

async function notify(name = 'Notify User') {
  await userEvent.click(screen.getByRole('button', { name }));
}

describe('a refused send says why and what to do', () => {
  beforeEach(() => {
    signIn();
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
  });

  it("keeps 'Error sending notification.' and says, for a limit, when to try again from Retry-After, offering the call", async () => {
    stubFetch(() => refusal(429, 'You are sending too many messages.', { 'retry-after': '125' }));
    const { onCall } = renderSend();
    await notify();
    expect(await screen.findByText('Error sending notification.')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(
      'You are sending too many messages. Try again in 3 minutes.',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Call instead' }));
    expect(onCall).toHaveBeenCalledOnce();
  });

  it('offers no call for a limit when the owner can take none', async () => {
    stubFetch(() => refusal(429, 'Please wait.', { 'retry-after': '20' }));
    renderSend(unreachableByCall);
    await notify();
    expect(await screen.findByRole('alert')).toHaveTextContent('Please wait. Try again in 20 seconds.');
    expect(screen.queryByRole('button', { name: 'Call instead' })).toBeNull();
  });

  it('says plainly that the owner blocked the sender (403), with no call offered', async () => {
    stubFetch(() => refusal(403, 'This person does not accept messages from you.'));
    renderSend();
    await notify();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This person does not accept messages from you.',
    );
    expect(screen.queryByRole('button', { name: 'Call instead' })).toBeNull();
  });

  it('says the owner can no longer be reached (404) and takes the person back to search', async () => {
    stubFetch(() => refusal(404, 'User not found'));
    renderSend();
    await notify();
    expect(
      await screen.findByText('The owner of this vehicle can no longer be reached. Search again.'),
    ).toBeVisible();
    // The toast is shown at once; the navigation back to search settles a moment later.
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/vehicleSearch'));
  });

  it('says when to try again in Malayalam', async () => {
    await activateLanguage('ml');
    stubFetch(() => refusal(429, 'കാത്തിരിക്കുക.', { 'retry-after': '20' }));
    renderSend(unreachableByCall);
    await userEvent.click(screen.getAllByRole('button')[0]!);
    expect(await screen.findByRole('alert')).toHaveTextContent('20 സെക്കൻഡിനു ശേഷം വീണ്ടും ശ്രമിക്കുക.');
    await activateLanguage('en');
  });
});
