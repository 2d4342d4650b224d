import { act, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { SentRequest } from '#common/api';
import { upsertSentRequest } from '../../state/sent-requests';
import { jsonResponse, renderWithApp, stubFetch } from '../../testing/render';
import RequestsPage from './requests-page';

const request: SentRequest = {
  _id: 'r-1',
  vehicleNumber: 'KL07AB1234',
  content: 'Your car is blocking the gate',
  sentAt: new Date().toISOString(),
  deliveredAt: new Date().toISOString(),
  seenAt: null,
  reply: null,
  reminderSentAt: null,
  fallbacks: [],
};

describe('/requests "My requests"', () => {
  it('lists the sent requests with their status', async () => {
    stubFetch(() => jsonResponse([request]));
    renderWithApp(<RequestsPage />);
    expect(screen.getByRole('heading', { name: 'My requests' })).toBeInTheDocument();
    expect(await screen.findByText('KL07AB1234')).toBeInTheDocument();
    expect(screen.getByText('Delivered')).toBeInTheDocument();
  });

  it('shows an answer as soon as the live channel brings it, with its text', async () => {
    stubFetch(() => jsonResponse([request]));
    renderWithApp(<RequestsPage />);
    await screen.findByText('Delivered');
    act(() =>
      upsertSentRequest({
        ...request,
        reply: { kind: 'five_minutes', text: 'Sorry!', at: new Date().toISOString() },
      }),
    );
    expect(screen.getByText('Coming in 5 minutes')).toBeInTheDocument();
    expect(screen.getByText('“Sorry!”')).toBeInTheDocument();
  });

  it('says so when nothing was sent yet', async () => {
    stubFetch(() => jsonResponse([]));
    renderWithApp(<RequestsPage />);
    expect(await screen.findByText('You have not contacted anyone yet.')).toBeInTheDocument();
  });
});
