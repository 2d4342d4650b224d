import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { activateLanguage } from '../../i18n/i18n';
import { appStore } from '../../lib/store';
import { recordAnswer, serverNotificationsAtom } from '../../state/notifications';
import { setSentRequests } from '../../state/sent-requests';
import { aSentRequest, aServerNotification } from '../../testing/fixtures';
import { renderWithApp } from '../../testing/render';
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

  it('speaks Malayalam in the Malayalam app', async () => {
    await activateLanguage('ml');
    someActivity();
    await openUpdates('ട്രാഫിക് വിവരങ്ങൾ');
    expect(screen.getByRole('heading', { name: 'ട്രാഫിക് വിവരങ്ങൾ' })).toBeInTheDocument();
    expect(screen.getByText('നിങ്ങളുടെ വിൻഡ്‌സ്ക്രീൻ കാർഡ് വഴി ഒരു അഭ്യർത്ഥന')).toBeInTheDocument();
    expect(screen.getByText('ഇതുവരെ മറുപടി നൽകിയിട്ടില്ല')).toBeInTheDocument();
  });
});
