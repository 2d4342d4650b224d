import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { User } from '#common/api';
import { appStore } from '../../lib/store';
import { userAtom } from '../../state/user';
import { aUser } from '../../testing/fixtures';
import { jsonResponse, renderWithApp, stubFetch } from '../../testing/render';
import { signIn } from '../../testing/session';
import SettingsPage from './settings-page';
import { withSessions } from './test-helpers';

function renderSettings(fields: Partial<User> = {}) {
  signIn(aUser(fields));
  renderWithApp(<SettingsPage />, { route: '/settings' });
  return {
    sms: screen.getByRole('switch', { name: 'Send me an SMS' }),
    call: screen.getByRole('switch', { name: 'Call me' }),
  };
}

function echoProfile() {
  const calls = stubFetch(
    withSessions((request) => jsonResponse({ user: { ...aUser(), ...(request.body as object) } })),
  );
  return () => calls.filter((call) => call.url === '/api/users/updateProfile');
}

describe('/settings: when my devices do not show a request', () => {
  it('sends an SMS and calls by default', () => {
    echoProfile();
    const { sms, call } = renderSettings();
    expect(sms).toBeChecked();
    expect(call).toBeChecked();
  });

  it('turning the SMS off saves fallbackSms false at once', async () => {
    const user = userEvent.setup();
    const calls = echoProfile();
    const { sms } = renderSettings();
    await user.click(sms);
    expect(calls()[0]).toMatchObject({ method: 'PATCH', body: { fallbackSms: false } });
    await waitFor(() => expect(appStore.get(userAtom)?.fallbackSms).toBe(false));
  });

  it('turning the call off saves fallbackCall false at once', async () => {
    const user = userEvent.setup();
    const calls = echoProfile();
    const { call } = renderSettings();
    await user.click(call);
    expect(calls()[0]).toMatchObject({ method: 'PATCH', body: { fallbackCall: false } });
    await waitFor(() => expect(appStore.get(userAtom)?.fallbackCall).toBe(false));
  });
});
