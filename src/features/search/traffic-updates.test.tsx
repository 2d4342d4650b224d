import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { ActivityItem } from '#common/api';
import { activateLanguage } from '../../i18n/i18n';
import { appStore } from '../../lib/store';
import { recordAnswer, serverNotificationsAtom } from '../../state/notifications';
import { setSentRequests } from '../../state/sent-requests';
import { aSentRequest, aServerNotification } from '../../testing/fixtures';
import { jsonResponse, renderWithApp, stubFetch } from '../../testing/render';
import { SearchPanel } from './search-panel';

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

function someActivity() {
  appStore.set(serverNotificationsAtom, [
    aServerNotification({ _id: 'received-old', content: 'Your lights are on', sentAt: minutesAgo(30) }),
    aServerNotification({
      _id: 'received-card',
      content: 'Blocking the gate',
      sentAt: minutesAgo(5),
      via: 'card',
      vehicleId: 'vehicle-1',
    }),
  ]);
  recordAnswer('received-old', 'coming_now');
  setSentRequests([
    aSentRequest({
      _id: 'sent-1',
      vehicleNumber: 'KL07AB1234',
      content: 'Please move your car',
      sentAt: minutesAgo(20),
      reply: { kind: 'five_minutes', at: minutesAgo(10) },
    }),
  ]);
}

async function openUpdates(name = 'TRAFFIC UPDATES') {
  const user = userEvent.setup();
  renderWithApp(<SearchPanel />);
  await user.click(screen.getByRole('button', { name }));
  return user;
}

describe('TRAFFIC UPDATES', () => {
  it('opens the requests received and sent with their answers, newest first', async () => {
    someActivity();
    await openUpdates();
    const items = within(screen.getByRole('region', { name: 'Traffic updates' })).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      expect.stringMatching(/A request through your windscreen card.*Blocking the gate.*Not answered yet/),
      expect.stringMatching(/You asked about KL07AB1234.*Please move your car/),
      expect.stringMatching(/A request about your vehicle.*Your lights are on.*You answered: Coming now/),
    ]);
  });

  it('says when nothing has happened yet, and Back returns to the search form', async () => {
    const user = await openUpdates();
    expect(screen.getByText(/Nothing yet/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByRole('button', { name: 'FIND VEHICLE OWNER' })).toBeInTheDocument();
  });

  /** The server's card and slip activity: a card made, a request through it, a slip left and answered. */
  function cardAndSlipActivity(): ActivityItem[] {
    setSentRequests([
      aSentRequest({
        _id: 'slip-1',
        vehicleNumber: 'KL07SL0042',
        content: 'Blocking the driveway',
        sentAt: minutesAgo(9),
      }),
    ]);
    appStore.set(serverNotificationsAtom, [
      aServerNotification({ _id: 'in-bell', content: 'Blocking', sentAt: minutesAgo(3), via: 'card' }),
    ]);
    return [
      {
        _id: 'slipAnswered-slip-1',
        kind: 'slipAnswered',
        at: minutesAgo(2),
        vehicleNumber: 'KL07SL0042',
        requestId: 'slip-1',
        reply: 'five_minutes',
      },
      {
        _id: 'cardRequest-in-bell',
        kind: 'cardRequest',
        at: minutesAgo(3),
        vehicleNumber: 'KL07AB1234',
        requestId: 'in-bell',
        requestKind: 'message',
        reply: null,
      },
      {
        _id: 'cardRequest-old',
        kind: 'cardRequest',
        at: minutesAgo(4),
        vehicleNumber: 'KL07AB1234',
        requestId: 'old',
        requestKind: 'call',
        reply: 'cannot_come',
      },
      {
        _id: 'slipAttached-slip-1',
        kind: 'slipAttached',
        at: minutesAgo(9),
        vehicleNumber: 'KL07SL0042',
        requestId: 'slip-1',
        text: 'Blocking the driveway',
      },
      { _id: 'slipsPrinted-1', kind: 'slipsPrinted', at: minutesAgo(10), vehicleNumber: null, count: 4 },
      { _id: 'cardReplaced-1', kind: 'cardReplaced', at: minutesAgo(11), vehicleNumber: 'KL07AB1234' },
    ];
  }

  it("adds the server's card and slip activity, newest first, showing a card request in the bell and a slip's note once", async () => {
    const activity = cardAndSlipActivity();
    stubFetch((call) => (call.url === '/api/users/activity' ? jsonResponse(activity) : jsonResponse([])));
    await openUpdates();
    const region = screen.getByRole('region', { name: 'Traffic updates' });
    await within(region).findByText('Wiper slips printed: 4');
    expect(
      within(region)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      expect.stringMatching(/The driver of KL07SL0042 answered your wiper slip.*In 5 minutes/),
      expect.stringMatching(/A request through your windscreen card.*Blocking.*Not answered yet/),
      expect.stringMatching(
        /Someone at KL07AB1234 called you through its windscreen card.*You answered: Can't come now/,
      ),
      expect.stringMatching(/Wiper slip left on KL07SL0042.*Blocking the driveway/),
      expect.stringMatching(/Wiper slips printed: 4/),
      expect.stringMatching(/Windscreen card of KL07AB1234 replaced: the old card no longer works/),
    ]);
  });

  it('shows the card and slip activity in Malayalam in the Malayalam app', async () => {
    await activateLanguage('ml');
    const activity = cardAndSlipActivity();
    stubFetch((call) => (call.url === '/api/users/activity' ? jsonResponse(activity) : jsonResponse([])));
    await openUpdates('ട്രാഫിക് വിവരങ്ങൾ');
    expect(await screen.findByText('അച്ചടിച്ച വൈപ്പർ സ്ലിപ്പുകൾ: 4')).toBeInTheDocument();
    expect(
      screen.getByText('KL07AB1234 എന്ന വാഹനത്തിന്റെ വിൻഡ്‌സ്ക്രീൻ കാർഡ് മാറ്റി: പഴയ കാർഡ് ഇനി പ്രവർത്തിക്കില്ല'),
    ).toBeInTheDocument();
    expect(
      screen.getByText('KL07SL0042 എന്ന വാഹനത്തിന്റെ ഡ്രൈവർ നിങ്ങളുടെ വൈപ്പർ സ്ലിപ്പിന് മറുപടി നൽകി'),
    ).toBeInTheDocument();
  });

  it('speaks Malayalam in the Malayalam app', async () => {
    await activateLanguage('ml');
    someActivity();
    await openUpdates('ട്രാഫിക് വിവരങ്ങൾ');
    expect(screen.getByRole('heading', { name: 'ട്രാഫിക് വിവരങ്ങൾ' })).toBeInTheDocument();
    expect(screen.getByText('നിങ്ങളുടെ വിൻഡ്‌സ്ക്രീൻ കാർഡ് വഴി ഒരു അഭ്യർത്ഥന')).toBeInTheDocument();
    expect(screen.getByText('ഇതുവരെ മറുപടി നൽകിയിട്ടില്ല')).toBeInTheDocument();
  });
});
