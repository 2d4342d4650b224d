import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { appStore } from '../../../lib/store';
import { tokenAtom } from '../../../lib/token';
import { aVehicle } from '../../../testing/fixtures';
import { jsonResponse, renderWithApp, stubFetch, type FetchCall } from '../../../testing/render';
import WindscreenCardModal from './windscreen-card-modal';

const CARD = {
  code: 'k3m9v8q2x7p4w6zt5n',
  url: 'https://vahan.example/c/k3m9v8q2x7p4w6zt5n',
  pausedUntil: null,
};
const NEW_CARD = { ...CARD, code: 'newcode0000000000x', url: 'https://vahan.example/c/newcode0000000000x' };
const PAUSED_UNTIL = '2026-05-02T04:30:00.000Z';

function answer(call: FetchCall): Response {
  if (call.url.startsWith('/api/users/vehicleCard.pdf')) {
    return new Response(new Uint8Array([0x25, 0x50, 0x44, 0x46]), {
      headers: { 'content-type': 'application/pdf' },
    });
  }
  if (call.url === '/api/users/rotateVehicleCard') return jsonResponse(NEW_CARD);
  if (call.url === '/api/users/pauseVehicleCard') return jsonResponse({ ...CARD, pausedUntil: PAUSED_UNTIL });
  if (call.url === '/api/users/resumeVehicleCard') return jsonResponse(CARD);
  return jsonResponse(call.url === '/api/users/vehicleCard' && call.method === 'POST' ? CARD : {});
}

function openCard() {
  const calls = stubFetch(answer);
  const onClose = vi.fn();
  renderWithApp(
    <WindscreenCardModal
      vehicle={aVehicle({ _id: 'vehicle-1', vehicleNumber: 'kl07ab1234' })}
      onClose={onClose}
    />,
  );
  return { calls, onClose };
}

describe('WindscreenCardModal', () => {
  it('shows the print-ready card: both languages, the QR code, the masked plate, the URL and the brand', async () => {
    const { calls } = openCard();
    const dialog = await screen.findByRole('dialog', { name: 'Windscreen card' });
    expect(
      await within(dialog).findByText('Blocking you? Scan to reach the owner. No app needed.'),
    ).toBeVisible();
    expect(within(dialog).getByText(/^വഴി തടസ്സപ്പെട്ടോ\?/)).toBeInTheDocument();
    expect(within(dialog).getByText('vahan.example/c/k3m9v8q2x7p4w6zt5n')).toBeInTheDocument();
    expect(within(dialog).getByText('Vahan Contact')).toBeInTheDocument();
    expect(within(dialog).getByText('KL 07 ** ****')).toBeInTheDocument();
    expect(within(dialog).queryByText(/1234/)).not.toBeInTheDocument();
    expect(dialog.querySelector('img.windscreen-card-qr')?.getAttribute('src')).toMatch(
      /^data:image\/png;base64,/,
    );
    expect(calls[0]).toMatchObject({
      url: '/api/users/vehicleCard',
      method: 'POST',
      body: { vehicleId: 'vehicle-1' },
    });
  });

  it('downloads the PDF from the server with the session', async () => {
    const user = userEvent.setup();
    appStore.set(tokenAtom, 'session-token');
    const { calls } = openCard();
    const saved: Blob[] = [];
    vi.stubGlobal('URL', {
      createObjectURL: (blob: Blob) => saved.push(blob) && 'blob:card',
      revokeObjectURL: () => undefined,
    });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    await user.click(await screen.findByRole('button', { name: 'Download PDF' }));
    await waitFor(() => expect(click).toHaveBeenCalledOnce());
    expect(click.mock.contexts[0]).toMatchObject({ download: 'vahan-contact-card-kl07ab1234.pdf' });
    expect(calls.at(-1)?.url).toBe('/api/users/vehicleCard.pdf?vehicleId=vehicle-1');
    expect(calls.at(-1)?.headers.get('authorization')).toBe('Bearer session-token');
    expect(await saved[0]!.text()).toBe('%PDF');
  });

  it('pauses the card for 24 hours', async () => {
    const user = userEvent.setup();
    const { calls } = openCard();
    await user.click(await screen.findByRole('button', { name: 'Pause for 24 hours' }));
    expect(await screen.findByText('The card takes no messages for the next 24 hours.')).toBeInTheDocument();
    expect(calls.at(-1)).toMatchObject({
      url: '/api/users/pauseVehicleCard',
      method: 'POST',
      body: { vehicleId: 'vehicle-1' },
    });
  });

  it('shows until when a paused card is paused, and Resume lets it take messages again', async () => {
    const user = userEvent.setup();
    const { calls } = openCard();
    await user.click(await screen.findByRole('button', { name: 'Pause for 24 hours' }));
    expect(
      await screen.findByText(/^Paused: the card takes no messages until May 2, 2026, 10:00/),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Resume' }));
    expect(await screen.findByText('The card takes messages again.')).toBeInTheDocument();
    expect(calls.at(-1)).toMatchObject({
      url: '/api/users/resumeVehicleCard',
      body: { vehicleId: 'vehicle-1' },
    });
    expect(screen.queryByText(/^Paused:/)).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Pause for 24 hours' })).toBeInTheDocument();
  });

  it('asks before replacing the card, saying the printed one stops working; Cancel keeps it', async () => {
    const user = userEvent.setup();
    const { calls } = openCard();
    await user.click(await screen.findByRole('button', { name: 'Replace the card' }));
    expect(screen.getByText(/The printed card stops working at once/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(calls.map((call) => call.url)).not.toContain('/api/users/rotateVehicleCard');
    expect(screen.queryByText(/The printed card stops working/)).not.toBeInTheDocument();
  });

  it('without the Web Share API, Share copies the link and says so', async () => {
    const user = userEvent.setup();
    const writeText = vi.fn(async () => undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    openCard();
    await user.click(await screen.findByRole('button', { name: 'Share' }));
    expect(await screen.findByText(/the card's link is copied/)).toBeInTheDocument();
    expect(writeText).toHaveBeenCalledWith('https://vahan.example/c/k3m9v8q2x7p4w6zt5n');
  });

  it('replaces the card once confirmed and shows the new URL at once', async () => {
    const user = userEvent.setup();
    openCard();
    await user.click(await screen.findByRole('button', { name: 'Replace the card' }));
    await user.click(screen.getByRole('button', { name: 'Replace it' }));
    expect(await screen.findByText('vahan.example/c/newcode0000000000x')).toBeInTheDocument();
    expect(screen.queryByText('vahan.example/c/k3m9v8q2x7p4w6zt5n')).not.toBeInTheDocument();
  });

  it('turns the card off and closes', async () => {
    const user = userEvent.setup();
    const { calls, onClose } = openCard();
    await user.click(await screen.findByRole('button', { name: 'Turn off the card' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(calls.at(-1)).toMatchObject({
      url: '/api/users/vehicleCard?vehicleId=vehicle-1',
      method: 'DELETE',
    });
  });
});
