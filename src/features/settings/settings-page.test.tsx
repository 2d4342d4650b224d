import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { User } from '#common/api';
import { appStore } from '../../lib/store';
import { userAtom } from '../../state/user';
import { aUser } from '../../testing/fixtures';
import { jsonResponse, stubFetch } from '../../testing/render';
import { renderSettings, withSessions } from '../../testing/settings';

beforeEach(() => {
  stubFetch(withSessions(() => jsonResponse({})));
});

function renderPrivacySwitches(phoneVisible: boolean, emailVisible = false, fields: Partial<User> = {}) {
  renderSettings({ phoneVisible, emailVisible, ...fields });
  return {
    hideName: screen.getByRole('switch', { name: 'Hide Name' }),
    hideNumber: screen.getByRole('switch', { name: 'Hide Number' }),
    hideEmail: screen.getByRole('switch', { name: 'Hide Email' }),
    readReceipts: screen.getByRole('switch', { name: 'Share read receipts' }),
  };
}

describe('/settings', () => {
  it('shows its title and the two privacy texts', () => {
    renderPrivacySwitches(true);
    expect(screen.getByRole('heading', { name: 'Set your Privacy' })).toBeInTheDocument();
    expect(screen.getByText('We will hide your name and number, if you wish.')).toBeInTheDocument();
    expect(screen.getByText('Your privacy is our priority.')).toBeInTheDocument();
  });

  it('Hide Number is on when the phone is not visible', () => {
    const { hideNumber } = renderPrivacySwitches(false);
    expect(hideNumber).toBeChecked();
  });

  it('turning Hide Number on saves phoneVisible false at once', async () => {
    const user = userEvent.setup();
    const calls = stubFetch(withSessions(() => jsonResponse({ user: aUser({ phoneVisible: false }) })));
    const { hideNumber } = renderPrivacySwitches(true);
    await user.click(hideNumber);
    expect(hideNumber).toBeChecked();
    expect(calls.find((call) => call.url === '/api/users/updateProfile')).toMatchObject({
      url: '/api/users/updateProfile',
      method: 'PATCH',
      body: { phoneVisible: false },
    });
    await waitFor(() => expect(hideNumber).toBeEnabled());
    expect(appStore.get(userAtom)?.phoneVisible).toBe(false);
  });

  it('Hide Email is on when the e-mail is not visible', () => {
    expect(renderPrivacySwitches(true, false).hideEmail).toBeChecked();
  });

  it('turning Hide Email off saves emailVisible true', async () => {
    const user = userEvent.setup();
    const calls = stubFetch(withSessions(() => jsonResponse({ user: aUser({ emailVisible: true }) })));
    const { hideEmail } = renderPrivacySwitches(true, false);
    await user.click(hideEmail);
    expect(calls.find((call) => call.url === '/api/users/updateProfile')).toMatchObject({
      method: 'PATCH',
      body: { emailVisible: true },
    });
    await waitFor(() => expect(hideEmail).toBeEnabled());
    expect(appStore.get(userAtom)?.emailVisible).toBe(true);
  });

  it("a failed save puts the toggle back and shows 'Update failed!'", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const user = userEvent.setup();
    stubFetch(withSessions(() => jsonResponse({ message: 'Server down' }, 500)));
    const { hideNumber } = renderPrivacySwitches(true);
    await user.click(hideNumber);
    expect(await screen.findByRole('alert')).toHaveTextContent('Update failed!');
    expect(hideNumber).not.toBeChecked();
    expect(appStore.get(userAtom)?.phoneVisible).toBe(true);
  });

  it('Hide Name is on when the name is not visible', () => {
    expect(renderPrivacySwitches(true, false, { nameVisible: false }).hideName).toBeChecked();
  });

  it('turning Hide Name on saves nameVisible false', async () => {
    const user = userEvent.setup();
    const calls = stubFetch(withSessions(() => jsonResponse({ user: aUser({ nameVisible: false }) })));
    const { hideName } = renderPrivacySwitches(true);
    expect(hideName).not.toBeChecked();
    await user.click(hideName);
    expect(hideName).toBeChecked();
    expect(calls.find((call) => call.url === '/api/users/updateProfile')).toMatchObject({
      method: 'PATCH',
      body: { nameVisible: false },
    });
    await waitFor(() => expect(hideName).toBeEnabled());
    expect(appStore.get(userAtom)?.nameVisible).toBe(false);
  });

  it('Share read receipts is on by default, and turning it off saves shareReadReceipts false', async () => {
    const user = userEvent.setup();
    const calls = stubFetch(withSessions(() => jsonResponse({ user: aUser({ shareReadReceipts: false }) })));
    const { readReceipts } = renderPrivacySwitches(true);
    expect(readReceipts).toBeChecked();
    await user.click(readReceipts);
    expect(calls.find((call) => call.url === '/api/users/updateProfile')).toMatchObject({
      method: 'PATCH',
      body: { shareReadReceipts: false },
    });
    await waitFor(() => expect(readReceipts).toBeEnabled());
    expect(readReceipts).not.toBeChecked();
    expect(appStore.get(userAtom)?.shareReadReceipts).toBe(false);
  });
});
