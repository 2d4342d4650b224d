import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderWithApp, stubFetch, type FetchCall } from '../../testing/render';
import { FalseAlarmStrikes } from './false-alarm-strikes';

describe('False alarms in Settings', () => {
  it('shows the strikes of the window and no pause', async () => {
    stubFetch(() => jsonResponse({ strikes: 1, windowDays: 30, pausedUntil: null }));
    renderWithApp(<FalseAlarmStrikes />);
    expect(
      await screen.findByText('1 request marked as false alarms in the last 30 days'),
    ).toBeInTheDocument();
    expect(screen.queryByText(/^Paused/)).not.toBeInTheDocument();
  });

  it('says so when the false alarms cannot be loaded, and Try again loads them', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    let down = true;
    stubFetch(() =>
      down
        ? jsonResponse({ message: 'down' }, 500)
        : jsonResponse({ strikes: 0, windowDays: 30, pausedUntil: null }),
    );
    renderWithApp(<FalseAlarmStrikes />);
    expect(await screen.findByText('Could not load your false alarms.')).toBeInTheDocument();
    down = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(
      await screen.findByText('0 requests marked as false alarms in the last 30 days'),
    ).toBeInTheDocument();
  });

  it('says until when the sender is paused', async () => {
    stubFetch(() => jsonResponse({ strikes: 3, windowDays: 30, pausedUntil: '2026-12-21T09:00:00.000Z' }));
    renderWithApp(<FalseAlarmStrikes />);
    expect(
      await screen.findByText('Paused: you cannot reach owners until December 21, 2026.'),
    ).toBeInTheDocument();
  });

  const paused = { strikes: 3, windowDays: 30, pausedUntil: '2026-12-21T09:00:00.000Z' };
  const contesting = (answer: (call: FetchCall) => Response) =>
    stubFetch((call) => (call.url === '/api/users/contestPause' ? answer(call) : jsonResponse(paused)));

  it('offers no review to a sender who is not paused', async () => {
    stubFetch(() => jsonResponse({ strikes: 1, windowDays: 30, pausedUntil: null }));
    renderWithApp(<FalseAlarmStrikes />);
    await screen.findByText('1 request marked as false alarms in the last 30 days');
    expect(screen.queryByRole('button', { name: 'Ask for a review' })).not.toBeInTheDocument();
  });

  it("sends a paused sender's request for a review with contestPause and shows the server's answer", async () => {
    const user = userEvent.setup();
    const calls = contesting(() =>
      jsonResponse({ message: 'Your request for a review was sent. We will look at it.' }, 201),
    );
    renderWithApp(<FalseAlarmStrikes />);
    const box = await screen.findByRole('textbox', { name: /Think this is a mistake/ });
    await user.type(box, '  I was blocked in at the gate ');
    await user.click(screen.getByRole('button', { name: 'Ask for a review' }));
    expect(
      await screen.findByText('Your request for a review was sent. We will look at it.'),
    ).toBeInTheDocument();
    expect(calls.find((call) => call.url === '/api/users/contestPause')).toMatchObject({
      method: 'POST',
      body: { text: 'I was blocked in at the gate' },
    });
    expect(screen.queryByRole('button', { name: 'Ask for a review' })).not.toBeInTheDocument();
  });

  it("shows the server's refusal as it words it, and keeps the text to change", async () => {
    const user = userEvent.setup();
    contesting(() => jsonResponse({ message: 'must not contain a phone number' }, 400));
    renderWithApp(<FalseAlarmStrikes />);
    const box = await screen.findByRole('textbox', { name: /Think this is a mistake/ });
    await user.type(box, 'Call me on 98470 12345');
    await user.click(screen.getByRole('button', { name: 'Ask for a review' }));
    expect(await screen.findByText('must not contain a phone number')).toBeInTheDocument();
    expect(box).toHaveValue('Call me on 98470 12345');
  });
});
