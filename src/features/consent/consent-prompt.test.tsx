import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { RuntimeConfig } from '#common/api';
import { appStore } from '../../lib/store';
import { userAtom } from '../../state/user';
import { aUser } from '../../testing/fixtures';
import { jsonResponse, renderWithApp, stubFetch } from '../../testing/render';
import { signIn } from '../../testing/session';
import { ConsentPrompt } from './consent-prompt';

const CONFIG: RuntimeConfig = {
  grievanceEmail: 'grievance@vahan.example',
  retention: { codeHours: 24, requestDays: 180 },
  activeUsers: 0,
  push: null,
};
const CONSENTED_AT = '2026-11-21T09:00:00.000Z';

function renderPrompt() {
  const user = signIn(aUser({ _id: `user-${Math.random()}`, consentedAt: null }));
  const calls = stubFetch((call) =>
    jsonResponse(call.url === '/api/config' ? CONFIG : { user: { ...user, consentedAt: CONSENTED_AT } }),
  );
  const view = renderWithApp(<ConsentPrompt user={user} />);
  return { user, calls, view };
}

describe('the consent prompt', () => {
  it('shows the privacy notice with the grievance contact', async () => {
    renderPrompt();
    const dialog = screen.getByRole('dialog', { name: 'Your data' });
    expect(dialog).toHaveTextContent('How we use your data');
    expect(await screen.findByRole('link', { name: 'grievance@vahan.example' })).toBeInTheDocument();
  });

  it("'I agree' records the consent on the server and keeps the answer", async () => {
    const pointer = userEvent.setup();
    const { calls } = renderPrompt();
    await pointer.click(screen.getByRole('button', { name: 'I agree' }));
    expect(calls.at(-1)).toMatchObject({ url: '/api/users/consent', method: 'POST', body: {} });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(appStore.get(userAtom)?.consentedAt).toBe(CONSENTED_AT);
  });

  it("'Not now' closes it, records nothing, and it is not asked again on this device", async () => {
    const pointer = userEvent.setup();
    const { user, calls, view } = renderPrompt();
    await pointer.click(screen.getByRole('button', { name: 'Not now' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(calls.filter((call) => call.url === '/api/users/consent')).toEqual([]);
    view.unmount();
    renderWithApp(<ConsentPrompt user={user} />);
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
