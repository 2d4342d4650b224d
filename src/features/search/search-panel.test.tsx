import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { appStore } from '../../lib/store';
import { ownersAtom } from '../../state/owners';
import { anOwnedVehicle, aUser } from '../../testing/fixtures';
import { jsonResponse, renderWithApp, stubFetch } from '../../testing/render';
import { signIn } from '../../testing/session';
import { search } from '../../testing/search';
import { SearchPanel } from './search-panel';
import { activateLanguage } from '../../i18n/i18n';

describe('SearchPanel', () => {
  it('greets the signed-in user by name', () => {
    signIn(aUser({ name: 'Anjali Menon' }));
    renderWithApp(<SearchPanel />);
    expect(screen.getByRole('heading', { name: /Anjali Menon/ })).toBeInTheDocument();
  });

  it('names its controls as the spec does', () => {
    renderWithApp(<SearchPanel />);
    expect(screen.getByRole('textbox', { name: 'TYPE VEHICLE NUMBER' })).toHaveAttribute(
      'name',
      'vehicleNumber',
    );
    expect(screen.getByRole('button', { name: 'FIND VEHICLE OWNER' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'TRAFFIC UPDATES' })).toBeInTheDocument();
  });

  it("rejects a malformed number with 'Invalid number!' and makes no call", async () => {
    const calls = stubFetch(() => jsonResponse([]));
    renderWithApp(<SearchPanel />);
    await search('KL7A12');
    expect(await screen.findByText('Invalid number!')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('sends the number trimmed and lower-cased', async () => {
    const calls = stubFetch(() => jsonResponse([anOwnedVehicle()]));
    renderWithApp(<SearchPanel />);
    await search('  KL07AB1234  ');
    await screen.findByRole('heading', { name: 'Search Results' });
    expect(calls).toEqual([
      expect.objectContaining({
        url: '/api/users/getVehicleOwner',
        method: 'POST',
        body: { vehicleNumber: 'kl07ab1234' },
      }),
    ]);
  });

  it('keeps the results in the owner list', async () => {
    const found = [anOwnedVehicle()];
    stubFetch(() => jsonResponse(found));
    renderWithApp(<SearchPanel />);
    await search('KL07AB1234');
    await screen.findByRole('heading', { name: 'Search Results' });
    expect(appStore.get(ownersAtom)).toEqual(found);
  });

  it('shows the not-found view with the searched number when nothing is found', async () => {
    stubFetch(() => jsonResponse([]));
    renderWithApp(<SearchPanel />);
    await search('kl07ab1234');
    expect(await screen.findByRole('heading', { name: 'No Vehicle Found' })).toBeInTheDocument();
    expect(screen.getByText('Vehicle Not Registered')).toBeInTheDocument();
    expect(screen.getByText('KL07AB1234')).toBeInTheDocument();
    expect(
      screen.getByText(
        "The vehicle you're looking for might not be registered in our system. Please verify the number and try again.",
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try Another Search' })).toBeInTheDocument();
  });

  it('Try Another Search clears the results and returns to the form', async () => {
    stubFetch(() => jsonResponse([]));
    renderWithApp(<SearchPanel />);
    const user = await search('KL07AB1234');
    await user.click(await screen.findByRole('button', { name: 'Try Another Search' }));
    expect(screen.getByRole('button', { name: 'FIND VEHICLE OWNER' })).toBeInTheDocument();
    expect(appStore.get(ownersAtom)).toBeNull();
  });

  it('Back clears the results and returns to the form', async () => {
    stubFetch(() => jsonResponse([anOwnedVehicle()]));
    renderWithApp(<SearchPanel />);
    const user = await search('KL07AB1234');
    await user.click(await screen.findByRole('button', { name: 'Back' }));
    expect(screen.getByRole('button', { name: 'FIND VEHICLE OWNER' })).toBeInTheDocument();
    expect(appStore.get(ownersAtom)).toBeNull();
  });

  it("a failed search shows 'Search failed!' and resets the results view", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    stubFetch(() => jsonResponse({ message: 'Internal Server Error' }, 500));
    renderWithApp(<SearchPanel />);
    await search('KL07AB1234');
    expect(await screen.findByText('Search failed!')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'FIND VEHICLE OWNER' })).toBeEnabled();
    expect(appStore.get(ownersAtom)).toBeNull();
  });

  it('says plainly that searching needs a connection when offline, and makes no call', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const calls = stubFetch(() => jsonResponse([]));
    renderWithApp(<SearchPanel />);
    await search('KL07AB1234');
    expect(await screen.findByText(/offline.*need a connection/i)).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('opens on an empty form after a search, the last results one tap away', async () => {
    appStore.set(ownersAtom, [anOwnedVehicle({ name: 'Innova', vehicleNumber: 'kl07ab1234' })]);
    renderWithApp(<SearchPanel />);
    expect(screen.getByRole('textbox', { name: 'TYPE VEHICLE NUMBER' })).toHaveValue('');
    expect(screen.queryByRole('region', { name: 'Search Results' })).not.toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Last results: KL07AB1234' }));
    const results = screen.getByRole('region', { name: 'Search Results' });
    expect(within(results).getByText('Innova')).toBeInTheDocument();
  });

  it('clicking a result card opens the message screen for that vehicle', async () => {
    stubFetch(() => jsonResponse([anOwnedVehicle({ _id: 'vehicle-42' })]));
    renderWithApp(<SearchPanel />);
    const user = await search('KL07AB1234');
    await user.click(await screen.findByRole('link', { name: /Swift/ }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/message?id=vehicle-42'));
  });
});

describe('SearchPanel in Malayalam', () => {
  async function searchInMalayalam(number: string) {
    await activateLanguage('ml');
    renderWithApp(<SearchPanel />);
    const user = userEvent.setup();
    await user.type(screen.getByRole('textbox', { name: 'വാഹന നമ്പർ ടൈപ്പ് ചെയ്യുക' }), number);
    await user.click(screen.getByRole('button', { name: 'വാഹന ഉടമയെ കണ്ടെത്തുക' }));
  }

  it('rejects a malformed number in Malayalam', async () => {
    stubFetch(() => jsonResponse([]));
    await searchInMalayalam('KL7A12');
    expect(await screen.findByText('നമ്പർ ശരിയല്ല!')).toBeInTheDocument();
  });

  it('says in Malayalam that the search failed', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    stubFetch(() => jsonResponse({ message: 'Internal Server Error' }, 500));
    await searchInMalayalam('KL07AB1234');
    expect(await screen.findByText('തിരയൽ പരാജയപ്പെട്ടു!')).toBeInTheDocument();
  });
});
