import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { activateLanguage } from '../../i18n/i18n';
import { anOwnedVehicle } from '../../testing/fixtures';
import { renderWithApp } from '../../testing/render';
import { SearchResults } from './search-results';

const owner = anOwnedVehicle().userId;

describe('SearchResults', () => {
  it('shows the vehicle name, upper-case number, owner name, email, location and city on a card', () => {
    renderWithApp(
      <SearchResults
        owners={[
          anOwnedVehicle({
            name: 'Swift',
            vehicleNumber: 'kl07ab1234',
            userId: {
              ...owner,
              name: 'Rahul Nair',
              email: 'rahul@example.in',
              location: 'Thrissur',
              city: 'Chalakudy',
            },
          }),
        ]}
        onBack={() => undefined}
      />,
    );
    const card = screen.getByRole('link');
    expect(within(card).getByText('Swift')).toBeInTheDocument();
    expect(within(card).getByText('KL07AB1234')).toBeInTheDocument();
    expect(within(card).getByText('Rahul Nair')).toBeInTheDocument();
    expect(within(card).getByText('rahul@example.in')).toBeInTheDocument();
    expect(within(card).getByText('Thrissur, Chalakudy')).toBeInTheDocument();
  });

  it("writes the owner's district and town in Malayalam in the Malayalam app", async () => {
    await activateLanguage('ml');
    renderWithApp(
      <SearchResults
        owners={[anOwnedVehicle({ userId: { ...owner, location: 'Thrissur', city: 'Chalakudy' } })]}
        onBack={() => undefined}
      />,
    );
    expect(within(screen.getByRole('link')).getByText('തൃശ്ശൂർ, ചാലക്കുടി')).toBeInTheDocument();
  });

  it('marks each card "Verified owner", "Household" or "Not verified", in the order the server gave', () => {
    renderWithApp(
      <SearchResults
        owners={[
          anOwnedVehicle({ _id: 'v1', verified: true, userId: { ...owner, name: 'Owner' } }),
          anOwnedVehicle({ _id: 'v2', household: true, userId: { ...owner, name: 'Spouse' } }),
          anOwnedVehicle({ _id: 'v3', userId: { ...owner, name: 'Someone' } }),
        ]}
        onBack={() => undefined}
      />,
    );
    const cards = screen.getAllByRole('link');
    expect(
      cards.map((card) => within(card).getByText(/Verified owner|Household|Not verified/).textContent),
    ).toEqual(['Verified owner', 'Household', 'Not verified']);
    expect(within(cards[0] as HTMLElement).getByText('Owner')).toBeInTheDocument();
  });

  it('shows the owner phone, grouped the Indian way, when the owner made it visible', () => {
    renderWithApp(
      <SearchResults
        owners={[anOwnedVehicle({ userId: { ...owner, phone: '9895011111', phoneVisible: true } })]}
        onBack={() => undefined}
      />,
    );
    expect(screen.getByText('+91 98950 11111')).toBeInTheDocument();
  });

  it('hides the owner phone when phoneVisible is false', () => {
    renderWithApp(
      <SearchResults
        owners={[anOwnedVehicle({ userId: { ...owner, phone: '9895011111', phoneVisible: false } })]}
        onBack={() => undefined}
      />,
    );
    expect(screen.queryByText('9895011111')).not.toBeInTheDocument();
  });

  it('marks an active vehicle with a green bar and an inactive one with a grey bar', () => {
    renderWithApp(
      <SearchResults
        owners={[anOwnedVehicle({ _id: 'a', isActive: true }), anOwnedVehicle({ _id: 'b', isActive: false })]}
        onBack={() => undefined}
      />,
    );
    expect(screen.getByRole('img', { name: 'Active vehicle' })).toHaveAttribute('data-active', 'true');
    expect(screen.getByRole('img', { name: 'Inactive vehicle' })).toHaveAttribute('data-active', 'false');
  });

  it('links each card to the message screen of its vehicle', () => {
    renderWithApp(<SearchResults owners={[anOwnedVehicle({ _id: 'vehicle-7' })]} onBack={() => undefined} />);
    expect(screen.getByRole('link')).toHaveAttribute('href', '/message?id=vehicle-7');
  });

  it('shows the empty-list texts when the list is empty', () => {
    renderWithApp(<SearchResults owners={[]} onBack={() => undefined} />);
    expect(screen.getByText('No vehicles found')).toBeInTheDocument();
    expect(screen.getByText('Try searching with a different vehicle number')).toBeInTheDocument();
  });

  it('calls onBack from the Back button', async () => {
    const onBack = vi.fn();
    renderWithApp(<SearchResults owners={[anOwnedVehicle()]} onBack={onBack} />);
    await userEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(onBack).toHaveBeenCalledOnce();
  });
});
