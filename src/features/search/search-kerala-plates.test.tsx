import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { appStore } from '../../lib/store';
import { ownersAtom } from '../../state/owners';
import { jsonResponse, renderWithApp, stubFetch } from '../../testing/render';
import { signIn } from '../../testing/session';
import { search } from '../../testing/search';
import { SearchPanel } from './search-panel';

describe('searching plates as Kerala writes them', () => {
  beforeEach(() => {
    signIn();
    appStore.set(ownersAtom, null);
  });

  it.each([
    ['22 BH 1234 AA', '22bh1234aa'],
    ['KL 7 BQ 4521', 'kl07bq4521'],
  ])('searches "%s" as %s', async (typed, sent) => {
    const calls = stubFetch(() => jsonResponse([]));
    renderWithApp(<SearchPanel />);
    await search(typed);
    const searches = () => calls.filter((call) => call.url === '/api/users/getVehicleOwner');
    await vi.waitFor(() => expect(searches()).toHaveLength(1));
    expect(searches()[0]?.body).toEqual({ vehicleNumber: sent });
  });

  it("keeps 'Invalid number!' and says beside the box what form a plate has", async () => {
    const calls = stubFetch(() => jsonResponse([]));
    renderWithApp(<SearchPanel />);
    await search('KL 07 ABC 12');
    expect(await screen.findByText('Invalid number!')).toBeInTheDocument();
    const box = screen.getByRole('textbox', { name: 'TYPE VEHICLE NUMBER' });
    expect(box).toHaveAttribute('aria-invalid', 'true');
    expect(box).toHaveAccessibleDescription(
      /like KL 07 AB 1234, or a Bharat-series number like 22 BH 1234 AA/,
    );
    expect(calls).toEqual([]);
  });

  it("says the server cannot be reached when no answer comes, besides 'Search failed!'", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    stubFetch(() => {
      throw new TypeError('Failed to fetch');
    });
    renderWithApp(<SearchPanel />);
    await search('KL07AB1234');
    expect(await screen.findByText('Search failed!')).toBeInTheDocument();
    expect(
      screen.getByText('The server cannot be reached. Check your connection and try again.'),
    ).toBeVisible();
  });
});
