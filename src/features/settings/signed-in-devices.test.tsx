import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { SessionInfo } from '#common/api';
import { jsonResponse, stubFetch } from '../../testing/render';
import { renderSettings } from '../../testing/settings';

const now = new Date().toISOString();
const hourAgo = new Date(Date.now() - 3_600_000).toISOString();
const sessions: SessionInfo[] = [
  { _id: 'b', createdAt: now, lastSeen: now, current: true },
  { _id: 'a', createdAt: hourAgo, lastSeen: hourAgo, current: false },
];

describe('Settings: Signed-in devices', () => {
  it('lists the signed-in devices, this one marked', async () => {
    stubFetch(() => jsonResponse(sessions));
    renderSettings();
    expect(screen.getByRole('heading', { name: 'Signed-in devices' })).toBeInTheDocument();
    expect(await screen.findByText('This device')).toBeInTheDocument();
    expect(screen.getByText('Another device')).toBeInTheDocument();
    expect(screen.getByText(/1h ago/)).toBeInTheDocument();
  });

  it("'Sign out other devices' ends the others and leaves this device listed", async () => {
    const user = userEvent.setup();
    const calls = stubFetch((call) =>
      jsonResponse(call.url === '/api/users/sessions' ? sessions : { message: 'ok' }),
    );
    renderSettings();
    await screen.findByText('Another device');
    await user.click(screen.getByRole('button', { name: 'Sign out other devices' }));
    expect(calls.at(-1)).toMatchObject({ url: '/api/users/logoutOthers', method: 'POST', body: {} });
    await waitFor(() => expect(screen.queryByText('Another device')).not.toBeInTheDocument());
    expect(screen.getByText('This device')).toBeInTheDocument();
    expect(await screen.findByText('Signed out of other devices.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign out other devices' })).toBeDisabled();
  });

  it('is disabled when this is the only device', async () => {
    stubFetch(() => jsonResponse(sessions.filter((session) => session.current)));
    renderSettings();
    await screen.findByText('This device');
    expect(screen.getByRole('button', { name: 'Sign out other devices' })).toBeDisabled();
  });

  it('says so when signing out the other devices fails, and keeps them listed', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const user = userEvent.setup();
    stubFetch((call) =>
      call.url === '/api/users/sessions' ? jsonResponse(sessions) : jsonResponse({ message: 'down' }, 500),
    );
    renderSettings();
    await screen.findByText('Another device');
    await user.click(screen.getByRole('button', { name: 'Sign out other devices' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not sign out other devices.');
    expect(screen.getByText('Another device')).toBeInTheDocument();
  });

  it('says so when the devices cannot be loaded, and Try again loads them', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    let down = true;
    stubFetch((call) =>
      call.url === '/api/users/sessions' && down
        ? jsonResponse({ message: 'down' }, 500)
        : jsonResponse(sessions),
    );
    renderSettings();
    expect(await screen.findByText('Could not load your devices.')).toBeInTheDocument();
    down = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Another device')).toBeInTheDocument();
  });
});
