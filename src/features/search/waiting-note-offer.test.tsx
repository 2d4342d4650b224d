import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { jsonResponse, renderWithApp, stubFetch, type FetchCall } from '../../testing/render';
import { WaitingNoteOffer } from './waiting-note-offer';

const NOTE = { _id: 'note-1', vehicleNumber: 'KL07AB1234', expiresAt: '2026-11-28T09:00:00.000Z' };

/** A server with `waiting` notes for the number, that takes a note and its withdrawal. */
function server(waiting: number, refuse?: { status: number; message: string }) {
  return stubFetch((call: FetchCall) => {
    if (call.url.startsWith('/api/users/waitingNotes/count')) return jsonResponse({ waiting });
    if (call.method === 'POST' && refuse) return jsonResponse({ message: refuse.message }, refuse.status);
    if (call.method === 'POST') return jsonResponse(NOTE, 201);
    return jsonResponse({ message: 'Note withdrawn' });
  });
}

describe('WaitingNoteOffer', () => {
  it('says how many people wait to reach the number, never who', async () => {
    const calls = server(3);
    renderWithApp(<WaitingNoteOffer vehicleNumber="kl07ab1234" />);
    expect(await screen.findByText('People waiting to reach this vehicle: 3')).toBeInTheDocument();
    expect(calls[0]?.url).toBe('/api/users/waitingNotes/count?vehicleNumber=kl07ab1234');
  });

  it('says so when nobody waits yet', async () => {
    server(0);
    renderWithApp(<WaitingNoteOffer vehicleNumber="kl07ab1234" />);
    expect(await screen.findByText('Nobody has left a note for this vehicle yet.')).toBeInTheDocument();
  });

  it('leaves a suggested text by its key', async () => {
    const calls = server(0);
    const user = userEvent.setup();
    renderWithApp(<WaitingNoteOffer vehicleNumber="kl07ab1234" />);
    const suggestion = screen.getByRole('button', { name: /KL07AB1234 is blocking the driveway/ });
    await user.click(suggestion);
    await user.click(screen.getByRole('button', { name: 'Leave the note' }));
    expect(await screen.findByText(/Your note is waiting for the owner until/)).toBeInTheDocument();
    expect(calls).toContainEqual(
      expect.objectContaining({
        url: '/api/users/waitingNotes',
        method: 'POST',
        body: { vehicleNumber: 'kl07ab1234', templateKey: 'blocking' },
      }),
    );
  });

  it('leaves a short text of the user’s own, trimmed', async () => {
    const calls = server(0);
    const user = userEvent.setup();
    renderWithApp(<WaitingNoteOffer vehicleNumber="kl07ab1234" />);
    await user.type(screen.getByRole('textbox', { name: 'Your note' }), '  Blocking the church gate ');
    await user.click(screen.getByRole('button', { name: 'Leave the note' }));
    await screen.findByText(/Your note is waiting for the owner until/);
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      vehicleNumber: 'kl07ab1234',
      text: 'Blocking the church gate',
    });
  });

  it('shows the server’s reason when the note is refused, and keeps the form', async () => {
    server(1, { status: 409, message: 'You already have a note waiting for this vehicle.' });
    const user = userEvent.setup();
    renderWithApp(<WaitingNoteOffer vehicleNumber="kl07ab1234" />);
    await user.type(screen.getByRole('textbox', { name: 'Your note' }), 'Please move');
    await user.click(screen.getByRole('button', { name: 'Leave the note' }));
    expect(await screen.findByText('You already have a note waiting for this vehicle.')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Your note' })).toHaveValue('Please move');
  });

  it('withdraws the note it left', async () => {
    const calls = server(0);
    const user = userEvent.setup();
    renderWithApp(<WaitingNoteOffer vehicleNumber="kl07ab1234" />);
    await user.type(screen.getByRole('textbox', { name: 'Your note' }), 'Please move');
    await user.click(screen.getByRole('button', { name: 'Leave the note' }));
    await user.click(await screen.findByRole('button', { name: 'Withdraw the note' }));
    expect(await screen.findByRole('textbox', { name: 'Your note' })).toBeInTheDocument();
    expect(calls).toContainEqual(
      expect.objectContaining({ url: '/api/users/waitingNotes?id=note-1', method: 'DELETE' }),
    );
  });

  it('offers wiper slips, carrying over the plate just searched', () => {
    server(0);
    renderWithApp(<WaitingNoteOffer vehicleNumber="kl07ab1234" />);
    const section = screen.getByRole('region', { name: 'Leave a note for the owner' });
    expect(within(section).getByRole('link', { name: 'Wiper slips' })).toHaveAttribute(
      'href',
      '/slips?vehicleNumber=kl07ab1234',
    );
  });
});
