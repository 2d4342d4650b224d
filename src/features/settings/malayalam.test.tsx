import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { SessionInfo } from '#common/api';
import { activateLanguage } from '../../i18n/i18n';
import { jsonResponse, stubFetch, type Responder } from '../../testing/render';
import { renderSettings, withSessions } from '../../testing/settings';

beforeEach(() => activateLanguage('ml'));

function renderInMalayalam(respond: Responder, fields = {}) {
  stubFetch(respond);
  renderSettings({ language: 'ml', ...fields });
}

describe('/settings in Malayalam', () => {
  it("a failed save says 'Update failed!' in Malayalam", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const user = userEvent.setup();
    renderInMalayalam(withSessions(() => jsonResponse({ message: 'Server down' }, 500)));
    await user.click(screen.getByRole('switch', { name: 'നമ്പർ മറയ്ക്കുക' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('അപ്‌ഡേറ്റ് പരാജയപ്പെട്ടു!');
  });

  it('says in Malayalam that quiet hours must start and end at different times', async () => {
    const user = userEvent.setup();
    renderInMalayalam(
      withSessions(() => jsonResponse({})),
      { quietHours: { start: '22:00', end: '07:00' } },
    );
    const until = screen.getByLabelText('വരെ (IST)');
    await user.clear(until);
    await user.type(until, '22:00');
    expect(screen.getByRole('alert')).toHaveTextContent('തുടങ്ങുന്ന സമയവും അവസാനിക്കുന്ന സമയവും ഒന്നാകരുത്.');
  });

  it('says in Malayalam when the other devices could not be signed out', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const now = new Date().toISOString();
    const sessions: SessionInfo[] = [
      { _id: 'b', createdAt: now, lastSeen: now, current: true },
      { _id: 'a', createdAt: now, lastSeen: now, current: false },
    ];
    const user = userEvent.setup();
    renderInMalayalam((call) =>
      call.url === '/api/users/sessions' ? jsonResponse(sessions) : jsonResponse({ message: 'down' }, 500),
    );
    await screen.findByText('മറ്റൊരു ഉപകരണം');
    await user.click(screen.getByRole('button', { name: 'മറ്റ് ഉപകരണങ്ങളിൽ നിന്ന് സൈൻ ഔട്ട് ചെയ്യുക' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('മറ്റ് ഉപകരണങ്ങളിൽ നിന്ന് സൈൻ ഔട്ട് ചെയ്യാനായില്ല.');
  });
});
