import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { activateLanguage } from '../../i18n/i18n';
import { appStore } from '../../lib/store';
import { pendingPhoneAtom } from '../../state/pending-phone';
import { jsonResponse, renderWithApp, stubFetch } from '../../testing/render';
import LoginPage from './login-page';

function renderLogin() {
  renderWithApp(<LoginPage />, { route: '/login' });
  return {
    phone: screen.getByRole('textbox', { name: 'Mobile number' }),
    send: screen.getByRole('button', { name: 'SEND VERIFICATION CODE' }),
  };
}

describe('/login', () => {
  it('has a heading, a phone input named "phone" with the IN prefix, and a Sign up link', () => {
    const { phone } = renderLogin();
    expect(screen.getByRole('heading', { level: 1 })).toBeInTheDocument();
    expect(phone).toHaveAttribute('name', 'phone');
    expect(screen.getByText('IN')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign up' })).toHaveAttribute('href', '/registration');
  });

  it('keeps the number the code screen gave back when "change number" was chosen', () => {
    renderWithApp(<LoginPage />, { route: { pathname: '/login', state: { phone: '9847012345' } } });
    expect(screen.getByRole('textbox', { name: 'Mobile number' })).toHaveValue('9847012345');
  });

  it("a number that is not 10 digits warns 'Invlaid number!' and makes no call", async () => {
    const user = userEvent.setup();
    const calls = stubFetch(() => jsonResponse({}));
    const { phone, send } = renderLogin();
    await user.type(phone, '98470');
    await user.click(send);
    expect(await screen.findByRole('alert')).toHaveTextContent('Invlaid number!');
    expect(calls).toEqual([]);
  });

  it('a number typed key by key as "+91 98470 12345" is kept whole and sent as its 10 digits', async () => {
    const user = userEvent.setup();
    const calls = stubFetch(() => jsonResponse({ message: 'Code sent', resendAfterSeconds: 30 }));
    const { phone, send } = renderLogin();
    await user.type(phone, '+91 98470 12345');
    expect(phone).toHaveValue('+91 98470 12345');
    await user.click(send);
    await screen.findByText('/otp-verification');
    expect(calls[0]?.body).toEqual({ phone: '9847012345' });
  });

  it('a number written "098470 12345" is sent as its 10 digits', async () => {
    const user = userEvent.setup();
    const calls = stubFetch(() => jsonResponse({ message: 'Code sent', resendAfterSeconds: 30 }));
    const { phone, send } = renderLogin();
    await user.click(phone);
    await user.paste('098470 12345');
    await user.click(send);
    await screen.findByText('/otp-verification');
    expect(calls[0]?.body).toEqual({ phone: '9847012345' });
  });

  it('the phone box drops letters but cuts no digit, so one digit too many is refused, not sent', async () => {
    const user = userEvent.setup();
    const calls = stubFetch(() => jsonResponse({}));
    const { phone, send } = renderLogin();
    await user.type(phone, '98a47-012345678');
    expect(phone).toHaveValue('9847-012345678');
    await user.click(send);
    expect(await screen.findByRole('alert')).toHaveTextContent('Invlaid number!');
    expect(calls).toEqual([]);
  });

  it('a valid number requests a code, keeps the phone and goes to /otp-verification', async () => {
    const user = userEvent.setup();
    const calls = stubFetch(() => jsonResponse({ message: 'Code sent', resendAfterSeconds: 30 }));
    const { phone, send } = renderLogin();
    await user.type(phone, '9847012345');
    await user.click(send);
    expect(await screen.findByTestId('location')).toHaveTextContent('/otp-verification');
    expect(calls[0]).toMatchObject({
      url: '/api/users/login',
      method: 'POST',
      body: { phone: '9847012345' },
    });
    expect(appStore.get(pendingPhoneAtom)).toBe('9847012345');
  });

  it("a failed request shows 'Login failed!' and stays", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const user = userEvent.setup();
    stubFetch(() => jsonResponse({ message: 'No account' }, 404));
    const { phone, send } = renderLogin();
    await user.type(phone, '9847012345');
    await user.click(send);
    expect(await screen.findByText('Login failed!')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/login');
  });

  it('a number with no account also says the reason the server gives, with a link to sign up', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const user = userEvent.setup();
    stubFetch(() => jsonResponse({ message: 'This number is not registered. Please sign up.' }, 404));
    const { phone, send } = renderLogin();
    await user.type(phone, '9847012345');
    await user.click(send);
    const reason = await screen.findByText(/This number is not registered/);
    expect(within(reason).getByRole('link', { name: 'Sign up' })).toHaveAttribute('href', '/registration');
    expect(phone).toHaveAccessibleDescription(/This number is not registered/);
  });
});

describe('/login in Malayalam', () => {
  function renderMalayalamLogin() {
    renderWithApp(<LoginPage />, { route: '/login' });
    return {
      phone: screen.getByRole('textbox', { name: 'മൊബൈൽ നമ്പർ' }),
      send: screen.getByRole('button', { name: 'സ്ഥിരീകരണ കോഡ് അയയ്ക്കുക' }),
    };
  }

  it('a number that is not 10 digits warns in Malayalam', async () => {
    const user = userEvent.setup();
    stubFetch(() => jsonResponse({}));
    await activateLanguage('ml');
    const { phone, send } = renderMalayalamLogin();
    await user.type(phone, '98470');
    await user.click(send);
    expect(await screen.findByRole('alert')).toHaveTextContent('നമ്പർ ശരിയല്ല!');
  });

  it('a failed request says so in Malayalam', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const user = userEvent.setup();
    stubFetch(() => jsonResponse({ message: 'No account' }, 404));
    await activateLanguage('ml');
    const { phone, send } = renderMalayalamLogin();
    await user.type(phone, '9847012345');
    await user.click(send);
    expect(await screen.findByText('സൈൻ ഇൻ പരാജയപ്പെട്ടു!')).toBeInTheDocument();
  });
});
