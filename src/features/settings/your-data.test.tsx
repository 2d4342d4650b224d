import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AccountExport } from '#common/api';
import { aUser } from '../../testing/fixtures';
import { jsonResponse, stubFetch, type Responder } from '../../testing/render';
import { renderSettings, withSessions } from '../../testing/settings';

const exported: AccountExport = {
  exportedAt: '2026-11-21T09:00:00.000Z',
  profile: aUser(),
  vehicles: [],
  requestsSent: [],
  requestsReceived: [],
  sessions: [],
  blocks: [],
  slips: [],
  photos: [],
  falseAlarmsReported: [],
  sendingPause: null,
  cards: [],
};

/** Settings inside a shell that gives it `signOut`, as the signed-in area does. */
function renderYourData(respond: Responder) {
  const calls = stubFetch(withSessions(respond));
  const signOut = vi.fn(async () => undefined);
  const shell = { signOut };
  renderSettings({}, shell);
  return { calls, signOut };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('Settings: Your data', () => {
  it("'Download my data' saves the export as a JSON file", async () => {
    const user = userEvent.setup();
    const saved: Blob[] = [];
    vi.stubGlobal('URL', {
      ...URL,
      createObjectURL: (blob: Blob) => {
        saved.push(blob);
        return 'blob:export';
      },
      revokeObjectURL: () => undefined,
    });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const { calls } = renderYourData(() => jsonResponse(exported));
    await user.click(screen.getByRole('button', { name: 'Download my data' }));
    expect(calls.at(-1)).toMatchObject({ url: '/api/users/exportData', method: 'GET' });
    expect(click).toHaveBeenCalledOnce();
    expect(click.mock.contexts[0]).toMatchObject({ download: 'vahan-contact-data.json' });
    expect(JSON.parse(await saved[0]!.text())).toEqual(exported);
  });

  it("'Delete my account' asks first, and Cancel deletes nothing", async () => {
    const user = userEvent.setup();
    const { calls, signOut } = renderYourData(() => jsonResponse({ message: 'ok' }));
    await user.click(screen.getByRole('button', { name: 'Delete my account' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete your account?' });
    expect(dialog).toHaveTextContent('This cannot be undone.');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(calls.filter((call) => call.method === 'DELETE')).toEqual([]);
    expect(signOut).not.toHaveBeenCalled();
  });

  it('confirming deletes the account on the server, then signs this device out', async () => {
    const user = userEvent.setup();
    const { calls, signOut } = renderYourData(() =>
      jsonResponse({ message: 'Your account and its data have been deleted.' }),
    );
    await user.click(screen.getByRole('button', { name: 'Delete my account' }));
    await user.click(screen.getByRole('button', { name: 'Delete for good' }));
    expect(calls.at(-1)).toMatchObject({ url: '/api/users/account', method: 'DELETE' });
    expect(signOut).toHaveBeenCalledOnce();
    expect(await screen.findByText('Your account has been deleted.')).toBeInTheDocument();
  });

  it('a refused deletion says so and keeps the user signed in', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const user = userEvent.setup();
    const { signOut } = renderYourData(() => jsonResponse({ message: 'Internal Server Error' }, 500));
    await user.click(screen.getByRole('button', { name: 'Delete my account' }));
    await user.click(screen.getByRole('button', { name: 'Delete for good' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not delete your account.');
    expect(signOut).not.toHaveBeenCalled();
  });
});
