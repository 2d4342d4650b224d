import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { OutboxItem } from '#common/outbox/outbox';
import { putItem, queuedItems } from '#common/outbox/outbox-db';
import { setOutbox } from '../../lib/outbox/outbox-state';
import { renderWithApp } from '../../testing/render';
import { signIn } from '../../testing/session';
import { OutboxBadge } from './outbox-badge';

function queued(userId: string, label: string): OutboxItem {
  return {
    key: `key-${label.length}-${label.replaceAll(' ', '')}`,
    userId,
    request: { path: '/api/users/sendMessage', body: { userId: 'o', vehicleId: 'v', message: label } },
    label,
    queuedAt: Date.now(),
  };
}

describe('OutboxBadge', () => {
  it('shows nothing while nothing waits', () => {
    signIn();
    renderWithApp(<OutboxBadge />);
    expect(screen.queryByRole('button', { name: /waiting for network/ })).not.toBeInTheDocument();
  });

  it('shows how many requests wait and lists them', async () => {
    const me = signIn();
    const items = [
      queued(me._id, 'Message about KL07AB1234'),
      queued(me._id, 'Notification about KL07AB1234'),
    ];
    // Stored too, so that the outbox reading its store again (it may, in the background) finds the same.
    for (const item of items) await putItem(item);
    setOutbox(items);
    renderWithApp(<OutboxBadge />);
    await userEvent.click(screen.getByRole('button', { name: '2 waiting for network' }));
    const list = await screen.findByRole('region', { name: 'Waiting to send' });
    expect(list).toHaveTextContent('Message about KL07AB1234');
    expect(list).toHaveTextContent('Notification about KL07AB1234');
  });

  it('Cancel takes a request out of the outbox', async () => {
    const me = signIn();
    const item = queued(me._id, 'Message about KL07AB1234');
    await putItem(item);
    setOutbox([item]);
    renderWithApp(<OutboxBadge />);
    await userEvent.click(screen.getByRole('button', { name: '1 waiting for network' }));
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: /waiting for network/ })).not.toBeInTheDocument(),
    );
    expect(await queuedItems(me._id)).toEqual([]);
  });
});
