import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Modal } from './modal';
import { WithTexts } from '../testing/with-texts';

function Opener() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open
      </button>
      {open && (
        <Modal title="Edit Vehicles" onClose={() => setOpen(false)}>
          <input aria-label="Name" />
          <button type="button">Save changes</button>
        </Modal>
      )}
    </>
  );
}

describe('Modal', () => {
  it('is a dialog named by its title', () => {
    render(
      <Modal title="Notify User About Vehicle" onClose={vi.fn()}>
        <p>Body</p>
      </Modal>,
      { wrapper: WithTexts },
    );
    expect(screen.getByRole('dialog', { name: 'Notify User About Vehicle' })).toBeInTheDocument();
  });

  it('moves focus to its first control when it opens', async () => {
    const user = userEvent.setup();
    render(<Opener />, { wrapper: WithTexts });
    await user.click(screen.getByRole('button', { name: 'Open' }));
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveFocus();
  });

  it('Escape closes it and focus returns to the opener', async () => {
    const user = userEvent.setup();
    render(<Opener />, { wrapper: WithTexts });
    await user.click(screen.getByRole('button', { name: 'Open' }));
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Open' })).toHaveFocus();
  });

  it('the close button closes it', async () => {
    const user = userEvent.setup();
    render(<Opener />, { wrapper: WithTexts });
    await user.click(screen.getByRole('button', { name: 'Open' }));
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('Tab from the last control wraps to the first', async () => {
    const user = userEvent.setup();
    render(<Opener />, { wrapper: WithTexts });
    await user.click(screen.getByRole('button', { name: 'Open' }));
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await user.tab();
    expect(screen.getByRole('button', { name: 'Close' })).toHaveFocus();
  });
});
