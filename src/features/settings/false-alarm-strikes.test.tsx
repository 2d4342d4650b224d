import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, renderWithApp, stubFetch } from '../../testing/render';
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

  it('says until when the sender is paused', async () => {
    stubFetch(() => jsonResponse({ strikes: 3, windowDays: 30, pausedUntil: '2026-12-21T09:00:00.000Z' }));
    renderWithApp(<FalseAlarmStrikes />);
    expect(
      await screen.findByText('Paused: you cannot reach owners until December 21, 2026.'),
    ).toBeInTheDocument();
  });
});
