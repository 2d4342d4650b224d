import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { anOwnedVehicle } from '../../testing/fixtures';
import { renderWithApp } from '../../testing/render';
import { OwnerDetails } from './owner-details';

const owner = anOwnedVehicle().userId;

describe('OwnerDetails', () => {
  it('masks the phone as ten asterisks while the eye is off', () => {
    renderWithApp(<OwnerDetails owner={{ ...owner, phone: '9895011111', phoneVisible: true }} />);
    expect(screen.getByTestId('owner-phone')).toHaveTextContent(/^\*{10}$/);
    expect(screen.queryByText('9895011111')).not.toBeInTheDocument();
  });

  it('reveals the phone, grouped the Indian way, when the eye is on and the owner made it visible', async () => {
    renderWithApp(<OwnerDetails owner={{ ...owner, phone: '9895011111', phoneVisible: true }} />);
    await userEvent.click(screen.getByRole('button', { name: 'Show phone number' }));
    expect(screen.getByTestId('owner-phone')).toHaveTextContent('+91 98950 11111');
  });

  it('keeps the phone masked with the eye on when the owner hid it', async () => {
    renderWithApp(<OwnerDetails owner={{ ...owner, phone: '9895011111', phoneVisible: false }} />);
    await userEvent.click(screen.getByRole('button', { name: 'Show phone number' }));
    expect(screen.getByTestId('owner-phone')).toHaveTextContent('**********');
  });

  it('masks the phone again when the eye is turned off', async () => {
    const user = userEvent.setup();
    renderWithApp(<OwnerDetails owner={{ ...owner, phone: '9895011111', phoneVisible: true }} />);
    const eye = screen.getByRole('button', { name: 'Show phone number' });
    await user.click(eye);
    await user.click(eye);
    expect(eye).toHaveAttribute('aria-pressed', 'false');
    expect(screen.getByTestId('owner-phone')).toHaveTextContent('**********');
  });
});
