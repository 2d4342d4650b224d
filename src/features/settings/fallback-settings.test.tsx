import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { User } from '#common/api';
import { appStore } from '../../lib/store';
import { userAtom } from '../../state/user';
import { echoProfile, renderSettings } from '../../testing/settings';

function renderFallbackSwitches(fields: Partial<User> = {}) {
  renderSettings(fields);
  return {
    sms: screen.getByRole('switch', { name: 'Send me an SMS' }),
    call: screen.getByRole('switch', { name: 'Call me' }),
  };
}

describe('/settings: when my devices do not show a request', () => {
  it('sends an SMS and calls by default', () => {
    echoProfile();
    const { sms, call } = renderFallbackSwitches();
    expect(sms).toBeChecked();
    expect(call).toBeChecked();
  });

  it('turning the SMS off saves fallbackSms false at once', async () => {
    const user = userEvent.setup();
    const calls = echoProfile();
    const { sms } = renderFallbackSwitches();
    await user.click(sms);
    expect(calls()[0]).toMatchObject({ method: 'PATCH', body: { fallbackSms: false } });
    await waitFor(() => expect(appStore.get(userAtom)?.fallbackSms).toBe(false));
  });

  it('turning the call off saves fallbackCall false at once', async () => {
    const user = userEvent.setup();
    const calls = echoProfile();
    const { call } = renderFallbackSwitches();
    await user.click(call);
    expect(calls()[0]).toMatchObject({ method: 'PATCH', body: { fallbackCall: false } });
    await waitFor(() => expect(appStore.get(userAtom)?.fallbackCall).toBe(false));
  });
});
