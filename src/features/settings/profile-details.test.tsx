import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { appStore } from '../../lib/store';
import { userAtom } from '../../state/user';
import { aUser } from '../../testing/fixtures';
import { jsonResponse, stubFetch } from '../../testing/render';
import { renderSettings, withSessions } from '../../testing/settings';

function renderDetails() {
  renderSettings();
  return {
    name: screen.getByRole('textbox', { name: 'Name' }),
    email: screen.getByRole('textbox', { name: 'Email' }),
    save: screen.getByRole('button', { name: 'Save details' }),
  };
}

describe('your details in /settings', () => {
  it('shows the saved name and e-mail, with Save off until one changes', () => {
    stubFetch(withSessions(() => jsonResponse({})));
    const { name, email, save } = renderDetails();
    expect(name).toHaveValue('Anjali Menon');
    expect(email).toHaveValue('anjali@example.in');
    expect(save).toBeDisabled();
  });

  it("styles the name and e-mail as the app's other inputs (44 px high)", () => {
    stubFetch(withSessions(() => jsonResponse({})));
    const { name, email } = renderDetails();
    expect(name).toHaveClass('input');
    expect(email).toHaveClass('input');
  });

  it('saves a new name and e-mail with updateProfile and shows them as saved', async () => {
    const user = userEvent.setup();
    const saved = aUser({ name: 'Anjali K Menon', email: 'anjali.k@example.in' });
    const calls = stubFetch(withSessions(() => jsonResponse({ user: saved })));
    const { name, email, save } = renderDetails();
    await user.clear(name);
    await user.type(name, '  Anjali K Menon ');
    await user.clear(email);
    await user.type(email, 'anjali.k@example.in');
    await user.click(save);
    expect(await screen.findByText('Your details are saved.')).toBeInTheDocument();
    expect(calls.find((call) => call.url === '/api/users/updateProfile')).toMatchObject({
      method: 'PATCH',
      body: { name: 'Anjali K Menon', email: 'anjali.k@example.in' },
    });
    expect(appStore.get(userAtom)).toMatchObject({ name: 'Anjali K Menon', email: 'anjali.k@example.in' });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Save details' })).toBeDisabled());
  });

  it('refuses a name that reads as the service before anything is sent', async () => {
    const user = userEvent.setup();
    const calls = stubFetch(withSessions(() => jsonResponse({})));
    const { name, save } = renderDetails();
    await user.clear(name);
    await user.type(name, 'Kerala Police');
    expect(
      screen.getByText(
        'Name must not read as Vahan Contact, the police, the MVD, an RTO, an admin or support.',
      ),
    ).toBeInTheDocument();
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(save).toBeDisabled();
    expect(calls.some((call) => call.url === '/api/users/updateProfile')).toBe(false);
  });

  it("shows the server's refusal as it words it and keeps the saved details", async () => {
    const user = userEvent.setup();
    stubFetch(
      withSessions((call) =>
        call.url === '/api/users/updateProfile'
          ? jsonResponse({ message: 'email must be a valid email address' }, 400)
          : jsonResponse({}),
      ),
    );
    const { email, save } = renderDetails();
    await user.clear(email);
    await user.type(email, 'anjali@example');
    await user.click(save);
    expect(await screen.findByText('email must be a valid email address')).toBeInTheDocument();
    expect(appStore.get(userAtom)?.email).toBe('anjali@example.in');
    expect(email).toHaveValue('anjali@example');
  });
});
