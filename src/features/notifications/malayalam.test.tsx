import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { activateLanguage } from '../../i18n/i18n';
import { aServerNotification } from '../../testing/fixtures';
import { jsonResponse, renderWithApp, stubFetch, type FetchCall } from '../../testing/render';
import { signIn } from '../../testing/session';
import { NotificationBell } from './notification-bell';

beforeEach(async () => {
  signIn();
  await activateLanguage('ml');
});

/** The bell with one server notification (id n-1); other calls answered by `answer`. */
function serve(answer: (call: FetchCall) => Response = () => jsonResponse({ message: 'ok' }, 201)) {
  return stubFetch((call) =>
    call.url === '/api/users/unreadNotifications'
      ? jsonResponse([
          aServerNotification({
            _id: 'n-1',
            content: 'Move your car',
            sentAt: new Date(Date.now() - 5 * 60_000).toISOString(),
          }),
        ])
      : answer(call),
  );
}

async function openBell() {
  const user = userEvent.setup();
  renderWithApp(<NotificationBell />);
  await user.click(screen.getByRole('button', { name: /^അറിയിപ്പുകൾ/ }));
  return { user, panel: screen.getByRole('region', { name: 'അറിയിപ്പുകൾ' }) };
}

async function openItem() {
  const { user, panel } = await openBell();
  const item = (await within(panel).findByText('Move your car')).closest('li');
  if (!item) throw new Error('no item');
  return { user, item: within(item) };
}

const failing = (path: string) => (call: FetchCall) =>
  call.url === path ? jsonResponse({ message: 'down' }, 500) : jsonResponse({ message: 'ok' });

describe('the bell in Malayalam', () => {
  it('says there are no notifications', async () => {
    stubFetch(() => jsonResponse([]));
    const { panel } = await openBell();
    expect(await within(panel).findByText('അറിയിപ്പുകളൊന്നുമില്ല')).toBeInTheDocument();
  });

  it("gives a notification's time in Malayalam", async () => {
    serve();
    const { item } = await openItem();
    const fiveMinutesAgo = new Intl.RelativeTimeFormat('ml', { numeric: 'auto' }).format(-5, 'minute');
    expect(item.getByText(fiveMinutesAgo)).toBeInTheDocument();
  });

  it('confirms a sent answer in Malayalam', async () => {
    serve();
    const { user, item } = await openItem();
    await user.click(item.getByRole('button', { name: '5 മിനിറ്റിനുള്ളിൽ' }));
    expect(await screen.findByText('നിങ്ങളുടെ മറുപടി അയച്ചു.')).toBeInTheDocument();
    expect(item.getByText('നിങ്ങളുടെ മറുപടി: 5 മിനിറ്റിനുള്ളിൽ')).toBeInTheDocument();
  });

  it('says in Malayalam when an answer could not be sent', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    serve(failing('/api/users/replyToNotification'));
    const { user, item } = await openItem();
    await user.click(item.getByRole('button', { name: 'ഇപ്പോൾ വരുന്നു' }));
    expect(await screen.findByText('മറുപടി അയയ്ക്കാനായില്ല. വീണ്ടും ശ്രമിക്കുക.')).toBeInTheDocument();
  });

  it('says in Malayalam that a blocked sender can no longer contact the user', async () => {
    serve();
    const { user, item } = await openItem();
    await user.click(item.getByRole('button', { name: 'അയച്ചയാളെ തടയുക' }));
    expect(await screen.findByText('അയച്ചയാളെ തടഞ്ഞു. ഇനി അവർക്ക് നിങ്ങളെ ബന്ധപ്പെടാനാവില്ല.')).toBeInTheDocument();
  });

  it('says in Malayalam when the sender could not be blocked', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    serve(failing('/api/users/blockSender'));
    const { user, item } = await openItem();
    await user.click(item.getByRole('button', { name: 'അയച്ചയാളെ തടയുക' }));
    expect(await screen.findByText('അയച്ചയാളെ തടയാനായില്ല. വീണ്ടും ശ്രമിക്കുക.')).toBeInTheDocument();
  });

  it('offers to pause or replace the card a request came through, in Malayalam', async () => {
    stubFetch((call) =>
      call.url === '/api/users/unreadNotifications'
        ? jsonResponse([aServerNotification({ content: 'Move your car', via: 'card', vehicleId: 'v-1' })])
        : jsonResponse({ message: 'ok' }),
    );
    const { user, item } = await openItem();
    expect(item.getByRole('button', { name: 'കാർഡ് മാറ്റുക' })).toBeInTheDocument();
    await user.click(item.getByRole('button', { name: 'കാർഡ് 24 മണിക്കൂർ നിർത്തിവയ്ക്കുക' }));
    expect(await screen.findByText('അടുത്ത 24 മണിക്കൂർ കാർഡ് സന്ദേശങ്ങൾ സ്വീകരിക്കില്ല.')).toBeInTheDocument();
  });
});
