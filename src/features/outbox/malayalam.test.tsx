import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { activateLanguage } from '../../i18n/i18n';
import { setOutbox } from '../../lib/outbox/outbox-state';
import { renderWithApp } from '../../testing/render';
import { signIn } from '../../testing/session';
import { OutboxBadge } from './outbox-badge';

describe('the outbox badge in Malayalam', () => {
  it('says how many requests wait for the network, and that each one waits', async () => {
    await activateLanguage('ml');
    const me = signIn();
    setOutbox([
      {
        key: 'key-1',
        userId: me._id,
        request: { path: '/api/users/sendMessage', body: { userId: 'o', vehicleId: 'v', message: 'Hi' } },
        label: 'Message about KL07AB1234',
        queuedAt: Date.now(),
      },
    ]);
    renderWithApp(<OutboxBadge />);
    await userEvent.click(screen.getByRole('button', { name: '1 എണ്ണം നെറ്റ്‌വർക്കിനായി കാത്തിരിക്കുന്നു' }));
    expect(screen.getByRole('region', { name: 'അയയ്ക്കാൻ കാത്തിരിക്കുന്നവ' })).toHaveTextContent(
      'നെറ്റ്‌വർക്കിനായി കാത്തിരിക്കുന്നു',
    );
  });
});
