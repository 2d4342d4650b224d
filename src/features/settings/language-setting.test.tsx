import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { deviceLanguage } from '../../i18n/device-language';
import { appStore } from '../../lib/store';
import { userAtom } from '../../state/user';
import { aUser } from '../../testing/fixtures';
import { jsonResponse, stubFetch, type Responder } from '../../testing/render';
import { renderSettings, withSessions } from '../../testing/settings';

function renderLanguageButtons(respond: Responder) {
  const calls = stubFetch(withSessions(respond));
  renderSettings({ language: 'en' });
  return {
    calls,
    english: screen.getByRole('button', { name: 'English' }),
    malayalam: screen.getByRole('button', { name: 'മലയാളം' }),
  };
}

/** updateProfile answered with the user as the body leaves it. */
const echoProfile: Responder = (call) => jsonResponse({ user: aUser({ ...(call.body as object) }) });

describe('/settings: Language', () => {
  it("shows the account's language as chosen", () => {
    const { english, malayalam } = renderLanguageButtons(echoProfile);
    expect(screen.getByRole('heading', { name: 'Language' })).toBeInTheDocument();
    expect(english).toHaveAttribute('aria-pressed', 'true');
    expect(malayalam).toHaveAttribute('aria-pressed', 'false');
  });

  it('choosing Malayalam saves it to the account with updateProfile', async () => {
    const user = userEvent.setup();
    const { calls, malayalam } = renderLanguageButtons(echoProfile);
    await user.click(malayalam);
    expect(calls.find((call) => call.url === '/api/users/updateProfile')).toMatchObject({
      method: 'PATCH',
      body: { language: 'ml' },
    });
    await waitFor(() => expect(appStore.get(userAtom)?.language).toBe('ml'));
    expect(malayalam).toHaveAttribute('aria-pressed', 'true');
  });

  it('remembers the saved language on this device for the sign-in screen after a logout', async () => {
    const user = userEvent.setup();
    const { malayalam } = renderLanguageButtons(echoProfile);
    await user.click(malayalam);
    await waitFor(() => expect(deviceLanguage()).toBe('ml'));
  });

  it("a refused save says 'Update failed!' and keeps the language", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const user = userEvent.setup();
    const { english, malayalam } = renderLanguageButtons(() => jsonResponse({ message: 'Server down' }, 500));
    await user.click(malayalam);
    expect(await screen.findByRole('alert')).toHaveTextContent('Update failed!');
    expect(appStore.get(userAtom)?.language).toBe('en');
    expect(english).toHaveAttribute('aria-pressed', 'true');
  });

  it("offline, the save says 'Update failed!' and neither the account's nor the device's language changes", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const user = userEvent.setup();
    const { malayalam } = renderLanguageButtons(() => {
      throw new TypeError('Failed to fetch');
    });
    await user.click(malayalam);
    expect(await screen.findByRole('alert')).toHaveTextContent('Update failed!');
    expect(appStore.get(userAtom)?.language).toBe('en');
    expect(deviceLanguage()).toBe('en');
  });
});
