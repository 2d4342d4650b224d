import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { SentRequest } from '#common/api';
import { loadSignedInTexts } from '../i18n/i18n';
import { renderWithApp } from '../testing/render';
import { RequestStatus } from './request-status';

const note: SentRequest = {
  _id: 'note-1',
  vehicleNumber: 'KL07AB1234',
  content: 'Blocking the church gate',
  sentAt: '2026-11-21T09:00:00.000Z',
  deliveredAt: null,
  seenAt: null,
  reply: null,
  reminderSentAt: null,
  fallbacks: [],
  waitingUntil: '2026-11-28T09:00:00.000Z',
  expired: false,
};

describe('RequestStatus of a note left for an unregistered number', () => {
  it('says it waits for the owner to join', async () => {
    await loadSignedInTexts();
    renderWithApp(<RequestStatus request={note} />);
    expect(screen.getByText('Waiting for the owner to join')).toBeInTheDocument();
  });

  it('says it expired when nobody registered the number in time', async () => {
    await loadSignedInTexts();
    renderWithApp(<RequestStatus request={{ ...note, waitingUntil: null, expired: true }} />);
    expect(screen.getByText('Expired: the owner did not join in time')).toBeInTheDocument();
  });

  it('moves on like any request once delivered', async () => {
    await loadSignedInTexts();
    renderWithApp(
      <RequestStatus
        request={{ ...note, waitingUntil: null, reply: { kind: 'five_minutes', at: note.sentAt } }}
      />,
    );
    expect(screen.getByText('Coming in 5 minutes')).toBeInTheDocument();
  });
});
