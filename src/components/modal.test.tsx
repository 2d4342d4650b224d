import { act, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Modal } from './modal';
import { AppToaster, notifyError } from '../lib/toasts';
import { WithTexts } from '../testing/with-texts';

function Opener({ onClose = vi.fn() }: { onClose?: () => void }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open
      </button>
      {open && (
        <Modal
          title="Edit Vehicles"
          onClose={() => {
            onClose();
            setOpen(false);
          }}
        >
          <input aria-label="Name" />
          <button type="button">Save changes</button>
        </Modal>
      )}
      <AppToaster />
    </>
  );
}

async function openModal(onClose?: () => void) {
  const user = userEvent.setup();
  render(<Opener onClose={onClose} />, { wrapper: WithTexts });
  await user.click(screen.getByRole('button', { name: 'Open' }));
  return { user, dialog: screen.getByRole('dialog', { name: 'Edit Vehicles' }) };
}

describe('Modal', () => {
  it('is a native dialog, named by its title', () => {
    render(
      <Modal title="Notify User About Vehicle" onClose={vi.fn()}>
        <p>Body</p>
      </Modal>,
      { wrapper: WithTexts },
    );
    const dialog = screen.getByRole('dialog', { name: 'Notify User About Vehicle' });
    expect(dialog.tagName).toBe('DIALOG');
  });

  it('opens with showModal, so the page behind it is inert and Tab stays inside', () => {
    const showModal = vi.spyOn(HTMLDialogElement.prototype, 'showModal');
    render(
      <Modal title="Notify User About Vehicle" onClose={vi.fn()}>
        <p>Body</p>
      </Modal>,
      { wrapper: WithTexts },
    );
    expect(showModal).toHaveBeenCalledOnce();
    expect(screen.getByRole('dialog')).toHaveAttribute('open');
  });

  it('moves focus to the first control of its body when it opens', async () => {
    await openModal();
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveFocus();
  });

  it('Escape closes it through onClose and focus returns to the opener', async () => {
    const onClose = vi.fn();
    const { user } = await openModal(onClose);
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledOnce();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Open' })).toHaveFocus();
  });

  it('the close button closes it', async () => {
    const { user } = await openModal();
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('a click on the backdrop closes it, a click on its content does not', async () => {
    const onClose = vi.fn();
    const { dialog } = await openModal(onClose);
    fireEvent.mouseDown(screen.getByRole('textbox', { name: 'Name' }));
    expect(onClose).not.toHaveBeenCalled();
    // On the backdrop the pointer is over the <dialog> element itself.
    fireEvent.mouseDown(dialog);
    expect(onClose).toHaveBeenCalledOnce();
  });

  it('a toast shown while it is open shows inside it, above its backdrop, and back in the page once it closes', async () => {
    const { user, dialog } = await openModal();
    act(() => notifyError('Update failed!'));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Update failed!');

    await user.click(screen.getByRole('button', { name: 'Close' }));
    const toast = await screen.findByRole('alert');
    expect(toast).toHaveTextContent('Update failed!');
    expect(toast.closest('dialog')).toBeNull();
  });
});
