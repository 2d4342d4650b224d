import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { appStore } from '../../../lib/store';
import { ownersAtom } from '../../../state/owners';
import { anOwnedVehicle } from '../../../testing/fixtures';
import { jsonResponse, renderWithApp, stubFetch } from '../../../testing/render';
import { SearchPanel } from '../search-panel';

const CARD_LINK = 'https://vahan.example/c/k3m9v8q2x7p4w6zt5n';

/** No camera here: the modal says so and the link can be pasted. */
function withoutCamera() {
  vi.stubGlobal('navigator', {
    ...navigator,
    onLine: true,
    mediaDevices: { getUserMedia: () => Promise.reject(new Error('no camera')) },
  });
}

async function pasteCardLink(link: string) {
  const user = userEvent.setup();
  renderWithApp(<SearchPanel />);
  await user.click(screen.getByRole('button', { name: 'Scan a card' }));
  expect(await screen.findByText(/The camera is not available/)).toBeInTheDocument();
  await user.click(screen.getByLabelText("Or paste the card's link, or type the slip's code"));
  await user.paste(link);
  await user.click(screen.getByRole('button', { name: 'Open' }));
}

describe('Scan a card', () => {
  it("opens the owner details of the card's vehicle through the normal search", async () => {
    withoutCamera();
    const found = [anOwnedVehicle({ vehicleNumber: 'kl07ab1234' })];
    const calls = stubFetch((call) =>
      jsonResponse(call.url.startsWith('/api/users/cardVehicle') ? { vehicleNumber: 'kl07ab1234' } : found),
    );
    await pasteCardLink(CARD_LINK);
    expect(await screen.findByRole('heading', { name: 'Search Results' })).toBeInTheDocument();
    expect(calls.map(({ url, method, body }) => ({ url, method, body }))).toEqual([
      { url: '/api/users/cardVehicle?code=k3m9v8q2x7p4w6zt5n', method: 'GET', body: undefined },
      { url: '/api/users/getVehicleOwner', method: 'POST', body: { vehicleNumber: 'kl07ab1234' } },
    ]);
    expect(appStore.get(ownersAtom)).toEqual(found);
  });

  it('says a card no longer in use is not in use, and searches nothing', async () => {
    withoutCamera();
    const calls = stubFetch(() => jsonResponse({ message: 'Not found' }, 404));
    await pasteCardLink(CARD_LINK);
    expect(await screen.findByText('This card is not in use.')).toBeInTheDocument();
    expect(calls).toHaveLength(1);
  });

  it('refuses a link that is no card, without asking the server', async () => {
    withoutCamera();
    const calls = stubFetch(() => jsonResponse({}));
    await pasteCardLink('https://example.com/somewhere');
    expect(await screen.findByText('This is not a Vahan Contact card or slip.')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it("opens the slips screen's attach form for a scanned slip, without asking the server", async () => {
    withoutCamera();
    const calls = stubFetch(() => jsonResponse({}));
    await pasteCardLink('https://vahan.example/s/7KQ3MXD9PA');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/slips?code=7KQ3MXD9PA'));
    expect(calls).toHaveLength(0);
  });

  it('opens the slips screen for a slip code typed as printed', async () => {
    withoutCamera();
    stubFetch(() => jsonResponse({}));
    await pasteCardLink('7kq3m-xd9pa');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/slips?code=7KQ3MXD9PA'));
  });
});
