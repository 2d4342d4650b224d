import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { activateLanguage } from '../../i18n/i18n';
import { addServerNotification } from '../../state/notifications';
import { aServerNotification } from '../../testing/fixtures';
import { jsonResponse, renderWithApp, stubFetch } from '../../testing/render';
import { signIn } from '../../testing/session';
import { NotificationBell } from './notification-bell';

async function bellWithNothing() {
  signIn();
  stubFetch(() => jsonResponse([]));
  renderWithApp(<NotificationBell />);
  await screen.findByRole('button', { expanded: false });
}

describe('a request that arrives while the app is open', () => {
  it('shows a banner with its text and its answers, not only the badge', async () => {
    await bellWithNothing();
    act(() => addServerNotification(aServerNotification({ _id: 'n-9', content: 'Blocking my gate' })));
    const banner = screen.getByRole('alert', { name: 'New request' });
    expect(within(banner).getByText('Blocking my gate')).toBeInTheDocument();
    expect(within(banner).getByRole('group', { name: 'Answer' })).toBeInTheDocument();
    expect(within(banner).getByRole('button', { name: 'Coming now' })).toBeInTheDocument();
    await userEvent.setup().click(within(banner).getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByRole('alert', { name: 'New request' })).not.toBeInTheDocument();
  });

  it("shows no banner for the service's own notice", async () => {
    await bellWithNothing();
    act(() => addServerNotification(aServerNotification({ _id: 'n-10', system: true })));
    expect(screen.queryByRole('alert', { name: 'New request' })).not.toBeInTheDocument();
  });

  it('speaks Malayalam in the Malayalam app', async () => {
    await activateLanguage('ml');
    await bellWithNothing();
    act(() => addServerNotification(aServerNotification({ _id: 'n-11', content: 'Blocking my gate' })));
    expect(screen.getByRole('alert', { name: 'പുതിയ അഭ്യർത്ഥന' })).toBeInTheDocument();
  });
});
