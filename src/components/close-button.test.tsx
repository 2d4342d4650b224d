import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { CloseButton } from './close-button';

describe('CloseButton', () => {
  it('is a button named by its label, not by the ×, that closes on a click', async () => {
    const user = userEvent.setup();
    const onClick = vi.fn();
    render(<CloseButton label="Close" onClick={onClick} />);
    const button = screen.getByRole('button', { name: 'Close' });
    expect(button).toHaveTextContent('×');
    expect(button).toHaveAttribute('type', 'button');
    expect(button).toHaveClass('icon-button');
    await user.click(button);
    expect(onClick).toHaveBeenCalledOnce();
  });

  it('takes the class of where it stands, such as a toast', () => {
    render(<CloseButton label="Dismiss" className="toast-close" onClick={() => {}} />);
    expect(screen.getByRole('button', { name: 'Dismiss' })).toHaveAttribute('class', 'toast-close');
  });
});
