import { act, fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { activateLanguage } from '../../i18n/i18n';
import { requestPushPermission } from '../../lib/push';
import { appStore } from '../../lib/store';
import { setPendingPhone } from '../../state/pending-phone';
import { userAtom } from '../../state/user';
import { aUser } from '../../testing/fixtures';
import { jsonResponse, renderWithApp, stubFetch } from '../../testing/render';
import OtpPage from './otp-page';

vi.mock('../../lib/push', () => ({ requestPushPermission: vi.fn() }));

function renderOtp(state: unknown = null) {
  setPendingPhone('9847012345');
  renderWithApp(<OtpPage />, { route: { pathname: '/otp-verification', state } });
  return screen.getAllByRole('textbox');
}

describe('/otp-verification', () => {
  it('has six numeric boxes, the first offering one-time-code autofill', () => {
    const boxes = renderOtp();
    expect(boxes).toHaveLength(6);
    for (const box of boxes) expect(box).toHaveAttribute('inputmode', 'numeric');
    expect(boxes[0]).toHaveAttribute('autocomplete', 'one-time-code');
  });

  it('a digit moves the focus to the next box', async () => {
    const user = userEvent.setup();
    const boxes = renderOtp();
    await user.click(boxes[0]!);
    await user.keyboard('4');
    expect(boxes[0]).toHaveValue('4');
    expect(boxes[1]).toHaveFocus();
  });

  it('only digits are accepted', async () => {
    const user = userEvent.setup();
    const boxes = renderOtp();
    await user.click(boxes[0]!);
    await user.keyboard('a');
    expect(boxes[0]).toHaveValue('');
    expect(boxes[0]).toHaveFocus();
  });

  it('Backspace in an empty box moves the focus back', async () => {
    const user = userEvent.setup();
    const boxes = renderOtp();
    await user.click(boxes[0]!);
    await user.keyboard('4');
    await user.keyboard('{Backspace}');
    expect(boxes[0]).toHaveFocus();
  });

  it('pasting a 6-digit code fills every box', async () => {
    const user = userEvent.setup();
    const boxes = renderOtp();
    await user.click(boxes[0]!);
    await user.paste('482913');
    expect(boxes.map((box) => (box as HTMLInputElement).value)).toEqual(['4', '8', '2', '9', '1', '3']);
  });

  it('VERIFY CODE sends the phone and the joined code, stores the user and token, and goes to /dashboard', async () => {
    const user = userEvent.setup();
    const calls = stubFetch(() => jsonResponse({ user: aUser(), token: 'fresh-token' }));
    const boxes = renderOtp();
    await user.click(boxes[0]!);
    await user.paste('482913');
    await user.click(screen.getByRole('button', { name: 'VERIFY CODE' }));
    expect(await screen.findByTestId('location')).toHaveTextContent('/dashboard');
    expect(calls[0]).toMatchObject({
      url: '/api/users/verify',
      method: 'POST',
      body: { phone: '9847012345', otp: '482913' },
    });
    expect(localStorage.getItem('token')).toBe('"fresh-token"');
    expect(appStore.get(userAtom)).toEqual(aUser());
  });

  it('VERIFY CODE asks for push permission', async () => {
    const user = userEvent.setup();
    stubFetch(() => jsonResponse({ user: aUser(), token: 'fresh-token' }));
    renderOtp();
    await user.click(screen.getByRole('button', { name: 'VERIFY CODE' }));
    expect(requestPushPermission).toHaveBeenCalled();
  });

  it("a rejected code shows 'Invalid Otp'", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const user = userEvent.setup();
    stubFetch(() => jsonResponse({ message: 'Wrong code' }, 400));
    renderOtp();
    await user.click(screen.getByRole('button', { name: 'VERIFY CODE' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid Otp');
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('RESEND CODE clears the boxes, refocuses the first and requests a new code for the kept phone', async () => {
    const user = userEvent.setup();
    const calls = stubFetch(() => jsonResponse({ message: 'Code sent', resendAfterSeconds: 30 }));
    const boxes = renderOtp();
    await user.click(boxes[0]!);
    await user.keyboard('123');
    await user.click(screen.getByRole('button', { name: 'RESEND CODE' }));
    expect(boxes.map((box) => (box as HTMLInputElement).value)).toEqual(['', '', '', '', '', '']);
    expect(boxes[0]).toHaveFocus();
    expect(calls[0]).toMatchObject({
      url: '/api/users/login',
      method: 'POST',
      body: { phone: '9847012345' },
    });
  });

  it('RESEND CODE too soon after the last code shows the server asking to wait', async () => {
    const user = userEvent.setup();
    stubFetch(() => jsonResponse({ message: 'Please wait before asking for another code.' }, 429));
    renderOtp();
    await user.click(screen.getByRole('button', { name: 'RESEND CODE' }));
    expect(await screen.findByText('Please wait before asking for another code.')).toBeInTheDocument();
    expect(screen.queryByText('Login failed!')).not.toBeInTheDocument();
  });

  it("RESEND CODE that fails otherwise shows 'Login failed!'", async () => {
    const user = userEvent.setup();
    stubFetch(() => jsonResponse({ message: 'Internal Server Error' }, 500));
    renderOtp();
    await user.click(screen.getByRole('button', { name: 'RESEND CODE' }));
    expect(await screen.findByText('Login failed!')).toBeInTheDocument();
  });

  it('puts the focus in the first box on arrival', () => {
    const boxes = renderOtp();
    expect(boxes[0]).toHaveFocus();
  });

  it('a rejected code clears the boxes and puts the focus back in the first', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const user = userEvent.setup();
    stubFetch(() => jsonResponse({ message: 'Wrong code' }, 400));
    const boxes = renderOtp();
    await user.paste('482913');
    await user.click(screen.getByRole('button', { name: 'VERIFY CODE' }));
    await screen.findByText('Invalid Otp');
    expect(boxes.map((box) => (box as HTMLInputElement).value)).toEqual(['', '', '', '', '', '']);
    expect(boxes[0]).toHaveFocus();
  });

  it('counts down on RESEND CODE the seconds the sign-in answer gave, then offers it', async () => {
    vi.useFakeTimers();
    renderOtp({ from: '/login', resendAfterSeconds: 30 });
    expect(screen.getByRole('button', { name: 'RESEND CODE in 30 s' })).toBeDisabled();
    await act(() => vi.advanceTimersByTimeAsync(12_000));
    expect(screen.getByRole('button', { name: 'RESEND CODE in 18 s' })).toBeDisabled();
    await act(() => vi.advanceTimersByTimeAsync(18_000));
    expect(screen.getByRole('button', { name: 'RESEND CODE' })).toBeEnabled();
    vi.useRealTimers();
  });

  it("counts down again from a refused resend's Retry-After", async () => {
    stubFetch(
      () =>
        new Response(JSON.stringify({ message: 'Please wait.' }), {
          status: 429,
          headers: { 'content-type': 'application/json', 'retry-after': '25' },
        }),
    );
    renderOtp();
    fireEvent.click(screen.getByRole('button', { name: 'RESEND CODE' }));
    expect(await screen.findByRole('button', { name: 'RESEND CODE in 25 s' })).toBeDisabled();
  });

  it('"Change number" goes back to the screen it came from, keeping the number', async () => {
    const user = userEvent.setup();
    renderOtp({ from: '/registration', resendAfterSeconds: 30 });
    await user.click(screen.getByRole('link', { name: 'Change number' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/registration');
  });

  it('without a phone to verify it goes to /login', async () => {
    renderWithApp(<OtpPage />, { route: '/otp-verification' });
    expect(await screen.findByTestId('location')).toHaveTextContent('/login');
  });
});

describe('/otp-verification in Malayalam', () => {
  it('a rejected code says so in Malayalam', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const user = userEvent.setup();
    stubFetch(() => jsonResponse({ message: 'Wrong code' }, 400));
    await activateLanguage('ml');
    renderOtp();
    await user.click(screen.getByRole('button', { name: 'കോഡ് സ്ഥിരീകരിക്കുക' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('OTP ശരിയല്ല');
  });

  it('a resend that fails says so in Malayalam', async () => {
    const user = userEvent.setup();
    stubFetch(() => jsonResponse({ message: 'Internal Server Error' }, 500));
    await activateLanguage('ml');
    renderOtp();
    await user.click(screen.getByRole('button', { name: 'കോഡ് വീണ്ടും അയയ്ക്കുക' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('സൈൻ ഇൻ പരാജയപ്പെട്ടു!');
  });

  it('says in Malayalam where the code went and that a new one is coming', async () => {
    const user = userEvent.setup();
    stubFetch(() => jsonResponse({ message: 'Code sent', resendAfterSeconds: 0 }));
    await activateLanguage('ml');
    renderOtp();
    expect(screen.getByText('+91 98470 12345 എന്ന നമ്പറിലേക്ക് അയച്ച 6 അക്ക കോഡ് നൽകുക.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'കോഡ് വീണ്ടും അയയ്ക്കുക' }));
    expect(await screen.findByText('പുതിയ കോഡ് വരുന്നുണ്ട്.')).toBeInTheDocument();
  });
});
