import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { OwnedVehicle } from '#common/api';
import { appStore } from '../../lib/store';
import { ownersAtom } from '../../state/owners';
import { upsertSentRequest } from '../../state/sent-requests';
import { aSendResponse, aSentRequest, anOwnedVehicle } from '../../testing/fixtures';
import { queuedItems } from '#common/outbox/outbox-db';
import { networkReturns, runOutbox } from '../../testing/outbox';
import { jsonResponse, renderWithApp, stubFetch } from '../../testing/render';
import { signIn } from '../../testing/session';
import MessagePage from './message-page';
import { activateLanguage } from '../../i18n/i18n';

/** The server's answers, as it words them in English. */
const SERVER = {
  placed: 'Calling you now. Answer your phone and we will connect you to the owner.',
  ownerDeclines: 'This owner does not take calls through Vahan Contact. Please send a message instead.',
  quietHours: (until: string) =>
    `This owner is in quiet hours until ${until} IST and does not take calls now. Please send a message instead.`,
};

const owner = anOwnedVehicle().userId;
const hiddenOwner = { ...owner, phone: undefined, phoneVisible: false };
const unavailable = { available: false as const, reason: SERVER.ownerDeclines };

function renderMessagePage(vehicle: OwnedVehicle = anOwnedVehicle()) {
  signIn();
  appStore.set(ownersAtom, [vehicle]);
  renderWithApp(<MessagePage />, { route: `/message?id=${vehicle._id}`, path: '/message' });
  return userEvent.setup();
}

async function openAction(label: string) {
  const user = userEvent.setup();
  await user.click(screen.getByRole('button', { name: label }));
  return { user, dialog: screen.getByRole('dialog', { name: 'Notify User About Vehicle' }) };
}

describe('MessagePage', () => {
  it('redirects to /vehicleSearch when no search has been made', async () => {
    renderWithApp(<MessagePage />, { route: '/message?id=vehicle-1', path: '/message' });
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/vehicleSearch'));
  });

  it('redirects to /vehicleSearch when the id is not in the loaded results', async () => {
    appStore.set(ownersAtom, [anOwnedVehicle({ _id: 'vehicle-1' })]);
    renderWithApp(<MessagePage />, { route: '/message?id=vehicle-9', path: '/message' });
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/vehicleSearch'));
  });

  it("keeps the SPEC's title on each action's sheet and says under it what the action does", async () => {
    const user = renderMessagePage();
    const said: Record<string, RegExp> = {
      'Send SMS': /writes your message to the owner's app\. If the app does not show it, an SMS follows/,
      'Send Notification': /pushes one of the suggested texts/,
      'Call User': /rings your phone first/,
      'Send Image': /sends the owner a photo/,
    };
    for (const [label, what] of Object.entries(said)) {
      await user.click(screen.getByRole('button', { name: label }));
      const dialog = screen.getByRole('dialog', { name: 'Notify User About Vehicle' });
      expect(within(dialog).getByText(what)).toBeInTheDocument();
      await user.keyboard('{Escape}');
    }
  });

  it("shows the owner's initial and name under User Details", () => {
    renderMessagePage(anOwnedVehicle({ userId: { ...owner, name: 'rahul Nair' } }));
    expect(screen.getByRole('heading', { name: 'User Details' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'rahul Nair' })).toBeInTheDocument();
    expect(screen.getByText('R')).toHaveClass('owner-avatar');
  });

  it.each(['Call User', 'Send SMS', 'Send Image', 'Send Notification'])(
    "'%s' opens the 'Notify User About Vehicle' modal",
    async (label) => {
      renderMessagePage();
      const { dialog } = await openAction(label);
      expect(dialog).toBeInTheDocument();
    },
  );

  it('Call User offers a tel: link when the owner has a phone', async () => {
    renderMessagePage(anOwnedVehicle({ userId: { ...owner, phone: '9895011111', phoneVisible: true } }));
    const { dialog } = await openAction('Call User');
    expect(within(dialog).getByRole('link', { name: 'Call now' })).toHaveAttribute('href', 'tel:9895011111');
  });

  it('Call User says the owner has no public phone number when there is none', async () => {
    renderMessagePage(anOwnedVehicle({ userId: { ...owner, phone: undefined, phoneVisible: false } }));
    const { dialog } = await openAction('Call User');
    expect(within(dialog).getByText('The user has no public phone number.')).toBeInTheDocument();
    expect(within(dialog).queryByRole('link')).not.toBeInTheDocument();
  });

  it("alerts 'No phone number available.' when a call is attempted without a number", async () => {
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => undefined);
    renderMessagePage(anOwnedVehicle({ userId: { ...hiddenOwner, maskedCall: unavailable } }));
    const { user, dialog } = await openAction('Call User');
    await user.click(within(dialog).getByRole('button', { name: 'Call now' }));
    expect(alert).toHaveBeenCalledWith('No phone number available.');
  });

  it('Call User offers a call through Vahan Contact, saying how it works, when the phone is hidden', async () => {
    renderMessagePage(anOwnedVehicle({ userId: hiddenOwner }));
    const { dialog } = await openAction('Call User');
    expect(within(dialog).getByRole('button', { name: 'Call through Vahan Contact' })).toBeInTheDocument();
    expect(
      within(dialog).getByText(
        "We will ring your phone first, then connect you. Neither of you sees the other's number.",
      ),
    ).toBeInTheDocument();
    expect(within(dialog).queryByRole('link')).not.toBeInTheDocument();
  });

  it('a call through Vahan Contact asks the server to call about the vehicle and says the call is coming', async () => {
    const calls = stubFetch(() => jsonResponse({ message: SERVER.placed }, 202));
    const vehicle = anOwnedVehicle({ userId: hiddenOwner });
    renderMessagePage(vehicle);
    const { user, dialog } = await openAction('Call User');
    await user.click(within(dialog).getByRole('button', { name: 'Call through Vahan Contact' }));
    expect(await within(dialog).findByRole('status')).toHaveTextContent(SERVER.placed);
    expect(calls).toEqual([
      expect.objectContaining({
        url: '/api/users/callOwner',
        method: 'POST',
        body: { vehicleId: vehicle._id },
      }),
    ]);
  });

  it("shows the server's reason when it refuses the call", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const reason = SERVER.quietHours('07:00');
    stubFetch(() => jsonResponse({ message: reason }, 409));
    renderMessagePage(anOwnedVehicle({ userId: hiddenOwner }));
    const { user, dialog } = await openAction('Call User');
    await user.click(within(dialog).getByRole('button', { name: 'Call through Vahan Contact' }));
    await waitFor(() => expect(within(dialog).getByRole('status')).toHaveTextContent(reason));
  });

  it('says in plain words why the owner cannot be called, and offers no masked call', async () => {
    renderMessagePage(anOwnedVehicle({ userId: { ...hiddenOwner, maskedCall: unavailable } }));
    const { dialog } = await openAction('Call User');
    expect(within(dialog).getByText(SERVER.ownerDeclines)).toBeInTheDocument();
    expect(within(dialog).getByText('The user has no public phone number.')).toBeInTheDocument();
    expect(
      within(dialog).queryByRole('button', { name: 'Call through Vahan Contact' }),
    ).not.toBeInTheDocument();
  });

  it('a sent message is announced with its text and the modal closes', async () => {
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => undefined);
    stubFetch(() => jsonResponse(aSendResponse(), 201));
    renderMessagePage();
    const { user, dialog } = await openAction('Send SMS');
    await user.type(within(dialog).getByRole('textbox', { name: 'Message' }), 'Please move your car');
    await user.click(within(dialog).getByRole('button', { name: 'Notify User' }));
    await waitFor(() => expect(alert).toHaveBeenCalledWith('Message sent: Please move your car'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('follows the sent message live: sent, then the answer, with no reload', async () => {
    vi.spyOn(window, 'alert').mockImplementation(() => undefined);
    const sentAt = new Date().toISOString();
    stubFetch(() => jsonResponse(aSendResponse(aSentRequest({ sentAt })), 201));
    renderMessagePage();
    const { user, dialog } = await openAction('Send SMS');
    await user.type(within(dialog).getByRole('textbox', { name: 'Message' }), 'Please move your car');
    await user.click(within(dialog).getByRole('button', { name: 'Notify User' }));
    const status = await screen.findByRole('article', { name: 'Request status' });
    expect(within(status).getByText('Sent')).toBeInTheDocument();
    act(() =>
      upsertSentRequest({
        _id: 'notification-1',
        vehicleNumber: 'KL07AB1234',
        content: 'Please move your car',
        sentAt,
        deliveredAt: sentAt,
        seenAt: sentAt,
        reply: { kind: 'five_minutes', at: sentAt },
        reminderSentAt: null,
        fallbacks: [],
      }),
    );
    expect(within(status).getByText('Coming in 5 minutes')).toBeInTheDocument();
  });

  it('shows the request as the send answered its sender’s view, not as its receiver reads it', async () => {
    vi.spyOn(window, 'alert').mockImplementation(() => undefined);
    const sentRequest = aSentRequest({
      content: 'As the sender reads it',
      deliveredAt: new Date().toISOString(),
    });
    stubFetch(() => jsonResponse({ ...aSendResponse(sentRequest), content: 'As the owner reads it' }, 201));
    renderMessagePage();
    const { user, dialog } = await openAction('Send SMS');
    await user.type(within(dialog).getByRole('textbox', { name: 'Message' }), 'Please move your car');
    await user.click(within(dialog).getByRole('button', { name: 'Notify User' }));
    const status = await screen.findByRole('article', { name: 'Request status' });
    expect(within(status).getByText('As the sender reads it')).toBeInTheDocument();
    expect(within(status).getByText('KL07AB1234')).toBeInTheDocument();
    expect(within(status).getByText('Delivered')).toBeInTheDocument();
  });

  describe('without network', () => {
    async function queueMessage() {
      const online = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
      const me = signIn();
      const user = renderMessagePage();
      const { dialog } = await openAction('Send SMS');
      await user.type(within(dialog).getByRole('textbox', { name: 'Message' }), 'Please move');
      await user.click(within(dialog).getByRole('button', { name: 'Notify User' }));
      await within(dialog).findByText('Waiting for network');
      return { user, dialog, online, me };
    }

    it("shows 'Waiting for network' in the modal's place, not an error", async () => {
      const alert = vi.spyOn(window, 'alert').mockImplementation(() => undefined);
      const { dialog } = await queueMessage();
      expect(within(dialog).queryByRole('textbox', { name: 'Message' })).not.toBeInTheDocument();
      expect(alert).not.toHaveBeenCalled();
    });

    it('Cancel takes the message out of the outbox', async () => {
      const { user, dialog, me } = await queueMessage();
      await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
      expect(await within(dialog).findByText('Cancelled: it will not be sent.')).toBeInTheDocument();
      expect(await queuedItems(me._id)).toEqual([]);
    });

    it('moves on to Sent when the network returns and the outbox sends it', async () => {
      runOutbox();
      const { dialog, online } = await queueMessage();
      const calls = stubFetch(() => jsonResponse(aSendResponse(), 201));
      networkReturns(online);
      expect(await within(dialog).findByText('Sent: Message about KL07AB1234')).toBeInTheDocument();
      expect(calls).toHaveLength(1);
    });
  });
});

describe('MessagePage in Malayalam', () => {
  async function openInMalayalam(label: string, vehicle?: OwnedVehicle) {
    await activateLanguage('ml');
    const user = renderMessagePage(vehicle);
    await user.click(screen.getByRole('button', { name: label }));
    return { user, dialog: screen.getByRole('dialog', { name: 'വാഹനത്തെക്കുറിച്ച് ഉടമയെ അറിയിക്കുക' }) };
  }

  it('names the four actions in Malayalam', async () => {
    await activateLanguage('ml');
    renderMessagePage();
    for (const label of ['ഉടമയെ വിളിക്കുക', 'SMS അയയ്ക്കുക', 'ചിത്രം അയയ്ക്കുക', 'അറിയിപ്പ് അയയ്ക്കുക']) {
      expect(screen.getByRole('button', { name: label })).toBeInTheDocument();
    }
  });

  it('says in Malayalam under the title what Send SMS does', async () => {
    const { dialog } = await openInMalayalam('SMS അയയ്ക്കുക');
    expect(within(dialog).getByText(/ഉടമയുടെ ആപ്പിലേക്ക് എഴുതുന്നു/)).toBeInTheDocument();
  });

  it('announces a sent message in Malayalam, with the text as typed', async () => {
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => undefined);
    stubFetch(() => jsonResponse(aSendResponse(), 201));
    const { user, dialog } = await openInMalayalam('SMS അയയ്ക്കുക');
    await user.type(within(dialog).getByRole('textbox', { name: 'സന്ദേശം' }), 'Please move your car');
    await user.click(within(dialog).getByRole('button', { name: 'ഉടമയെ അറിയിക്കുക' }));
    await waitFor(() => expect(alert).toHaveBeenCalledWith('സന്ദേശം അയച്ചു: Please move your car'));
  });

  it('says in Malayalam that the message could not be sent', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => undefined);
    stubFetch(() => jsonResponse({ message: 'Too many requests' }, 429));
    const { user, dialog } = await openInMalayalam('SMS അയയ്ക്കുക');
    await user.type(within(dialog).getByRole('textbox', { name: 'സന്ദേശം' }), 'Please move');
    await user.click(within(dialog).getByRole('button', { name: 'ഉടമയെ അറിയിക്കുക' }));
    await waitFor(() => expect(alert).toHaveBeenCalledWith('സന്ദേശം അയയ്ക്കാൻ കഴിഞ്ഞില്ല.'));
  });

  it('says in Malayalam that the notification was sent', async () => {
    stubFetch(() => jsonResponse(aSendResponse(), 201));
    const { user, dialog } = await openInMalayalam('അറിയിപ്പ് അയയ്ക്കുക');
    await user.click(within(dialog).getByRole('button', { name: 'ഉടമയെ അറിയിക്കുക' }));
    expect(await within(dialog).findByText('അറിയിപ്പ് അയച്ചു.')).toBeInTheDocument();
  });

  it('says in Malayalam that the notification could not be sent', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    stubFetch(() => jsonResponse({ message: 'Internal Server Error' }, 500));
    const { user, dialog } = await openInMalayalam('അറിയിപ്പ് അയയ്ക്കുക');
    await user.click(within(dialog).getByRole('button', { name: 'ഉടമയെ അറിയിക്കുക' }));
    expect(await within(dialog).findByText('അറിയിപ്പ് അയയ്ക്കാൻ കഴിഞ്ഞില്ല.')).toBeInTheDocument();
  });

  it("says in Malayalam that the owner's data is missing, and sends nothing", async () => {
    const calls = stubFetch(() => jsonResponse(aSendResponse(), 201));
    const { user, dialog } = await openInMalayalam(
      'അറിയിപ്പ് അയയ്ക്കുക',
      anOwnedVehicle({ userId: { ...owner, _id: '' } }),
    );
    await user.click(within(dialog).getByRole('button', { name: 'ഉടമയെ അറിയിക്കുക' }));
    expect(await within(dialog).findByText('ഉടമയുടെ വിവരങ്ങൾ ലഭ്യമല്ല.')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('says in Malayalam that the owner has no public phone number', async () => {
    const { dialog } = await openInMalayalam('ഉടമയെ വിളിക്കുക', anOwnedVehicle({ userId: hiddenOwner }));
    expect(within(dialog).getByText('ഈ ഉടമ ഫോൺ നമ്പർ പരസ്യമാക്കിയിട്ടില്ല.')).toBeInTheDocument();
  });

  it('alerts in Malayalam that no phone number is available', async () => {
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => undefined);
    const { user, dialog } = await openInMalayalam(
      'ഉടമയെ വിളിക്കുക',
      anOwnedVehicle({ userId: { ...hiddenOwner, maskedCall: unavailable } }),
    );
    await user.click(within(dialog).getByRole('button', { name: 'ഇപ്പോൾ വിളിക്കുക' }));
    expect(alert).toHaveBeenCalledWith('ഫോൺ നമ്പർ ലഭ്യമല്ല.');
  });
});
