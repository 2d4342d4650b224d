import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { SentRequest } from '#common/api';
import { activateLanguage } from '../../i18n/i18n';
import { appStore } from '../../lib/store';
import { sentRequestsAtom } from '../../state/sent-requests';
import { jsonResponse, renderWithApp, stubFetch } from '../../testing/render';
import SlipsPage from './slips-page';

const attachedNote: SentRequest = {
  _id: 'slip-1',
  vehicleNumber: 'KL07AB1234',
  content: 'Please move',
  sentAt: new Date().toISOString(),
  deliveredAt: null,
  seenAt: null,
  reply: null,
  reminderSentAt: null,
  fallbacks: [],
};

describe('/slips "Wiper slips"', () => {
  it('makes slips and lists their codes as printed', async () => {
    const calls = stubFetch(() =>
      jsonResponse({ slips: [{ code: '7KQ3MXD9PA', url: 'https://v.example/s/7KQ3MXD9PA' }] }, 201),
    );
    renderWithApp(<SlipsPage />);
    await userEvent.selectOptions(screen.getByLabelText('How many slips'), '1');
    await userEvent.click(screen.getByRole('button', { name: 'Make slips' }));
    expect(await screen.findByText('7KQ3M-XD9PA')).toBeInTheDocument();
    expect(calls[0]).toMatchObject({ url: '/api/users/slips', method: 'POST', body: { count: 1 } });
  });

  it('attaches a suggested text to a slip by its typed code, and adds it to the requests', async () => {
    const calls = stubFetch(() => jsonResponse(attachedNote, 201));
    renderWithApp(<SlipsPage />);
    await userEvent.type(screen.getByLabelText('Slip code'), '7kq3m xd9pa');
    await userEvent.type(screen.getByLabelText('Registration number'), 'KL07AB1234');
    await userEvent.click(screen.getByRole('button', { name: 'Attach the note' }));
    expect(await screen.findByText(/Now tuck the slip under the wiper/)).toBeInTheDocument();
    expect(calls[0]).toMatchObject({
      url: '/api/users/slips/7KQ3MXD9PA/attach',
      method: 'POST',
      body: { vehicleNumber: 'kl07ab1234', templateKey: 'blocking' },
    });
    expect(appStore.get(sentRequestsAtom)).toContainEqual(attachedNote);
  });

  it('sends a note of its own when chosen', async () => {
    const calls = stubFetch(() => jsonResponse(attachedNote, 201));
    renderWithApp(<SlipsPage />);
    await userEvent.type(screen.getByLabelText('Slip code'), '7KQ3M-XD9PA');
    await userEvent.type(screen.getByLabelText('Registration number'), 'KL07AB1234');
    await userEvent.selectOptions(screen.getByLabelText('Note'), 'Write my own note');
    await userEvent.type(screen.getByLabelText('Your note'), 'Back in 5, sorry');
    await userEvent.click(screen.getByRole('button', { name: 'Attach the note' }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]?.body).toEqual({ vehicleNumber: 'kl07ab1234', text: 'Back in 5, sorry' });
  });

  it('fills in the code of a slip scanned with "Scan a card"', async () => {
    stubFetch(() => jsonResponse({}));
    renderWithApp(<SlipsPage />, { route: '/slips?code=7KQ3MXD9PA' });
    expect(screen.getByLabelText('Slip code')).toHaveValue('7KQ3M-XD9PA');
  });

  it('puts printing a sheet before attaching a note, and fills in the plate just searched', () => {
    stubFetch(() => jsonResponse({}));
    renderWithApp(<SlipsPage />, { route: '/slips?vehicleNumber=kl07ab1234' });
    const [first, second] = screen
      .getAllByRole('heading', { level: 2 })
      .map((heading) => heading.textContent);
    expect([first, second]).toEqual(['Print a sheet', 'Attach a note to a slip']);
    expect(screen.getByLabelText('Registration number')).toHaveValue('kl07ab1234');
  });

  it('refuses a code that cannot be one without asking the server', async () => {
    const calls = stubFetch(() => jsonResponse(attachedNote, 201));
    renderWithApp(<SlipsPage />);
    await userEvent.type(screen.getByLabelText('Slip code'), 'ABC');
    await userEvent.type(screen.getByLabelText('Registration number'), 'KL07AB1234');
    await userEvent.click(screen.getByRole('button', { name: 'Attach the note' }));
    expect(
      await screen.findByText('That is not a slip code. It looks like 7KQ3M-XD9PA.'),
    ).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('speaks Malayalam', async () => {
    await activateLanguage('ml');
    stubFetch(() => jsonResponse({}));
    renderWithApp(<SlipsPage />);
    expect(screen.getByRole('heading', { name: 'വൈപ്പർ സ്ലിപ്പുകൾ' })).toBeInTheDocument();
  });
});
