import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { activateLanguage } from '../i18n/i18n';
import { AppToaster, notifyError, notifySuccess, notifyWarning } from './toasts';

function renderToaster() {
  render(<AppToaster />);
}

describe('toasts', () => {
  it('an error toast is an alert with the error style', async () => {
    renderToaster();
    act(() => void notifyError('Login failed!'));
    const toast = await screen.findByRole('alert');
    expect(toast).toHaveTextContent('Login failed!');
    expect(toast).toHaveClass('toast-error');
  });

  it('a warning toast has its own style, distinct from errors', async () => {
    renderToaster();
    act(() => void notifyWarning('Invlaid number!'));
    const toast = await screen.findByRole('alert');
    expect(toast).toHaveClass('toast-warning');
    expect(toast).not.toHaveClass('toast-error');
  });

  it('a success toast is a polite status', async () => {
    renderToaster();
    act(() => void notifySuccess('Saved'));
    expect(await screen.findByRole('status')).toHaveTextContent('Saved');
  });

  it('shows a progress bar that runs for the 3000 ms the toast lasts', async () => {
    renderToaster();
    act(() => void notifyError('Update failed!'));
    const toast = await screen.findByRole('alert');
    expect(toast.querySelector('.toast-progress')).toHaveStyle({ animationDuration: '3000ms' });
  });

  it('sits at the top right', async () => {
    renderToaster();
    act(() => void notifyError('Update failed!'));
    const toast = await screen.findByRole('alert');
    // react-hot-toast positions each toast in a full-width row: at the top, pushed to the right end.
    const row = toast.parentElement;
    expect(row).toHaveStyle({ top: '0px', justifyContent: 'flex-end' });
  });

  it('the same message twice shows one toast', async () => {
    renderToaster();
    act(() => {
      notifyError('Search failed!');
      notifyError('Search failed!');
    });
    expect(await screen.findAllByRole('alert')).toHaveLength(1);
  });

  it('the dismiss button removes the toast', async () => {
    const user = userEvent.setup();
    renderToaster();
    act(() => void notifyError('Search failed!'));
    await user.click(await screen.findByRole('button', { name: 'Dismiss' }));
    expect(screen.getByRole('alert')).toHaveAttribute('data-visible', 'false');
  });

  it('loads the toast library only when needed, and the first toast still shows once', async () => {
    vi.resetModules();
    const fresh = await import('./toasts');
    const { container } = render(<fresh.AppToaster />);
    expect(container).toBeEmptyDOMElement();
    act(() => void fresh.notifyError('Login failed!'));
    expect(await screen.findByRole('alert')).toHaveTextContent('Login failed!');
    expect(screen.getAllByRole('alert')).toHaveLength(1);
  });

  it('names the dismiss button in Malayalam when Malayalam is chosen', async () => {
    await activateLanguage('ml');
    renderToaster();
    act(() => void notifyError('തിരയൽ പരാജയപ്പെട്ടു!'));
    expect(await screen.findByRole('button', { name: 'അടയ്ക്കുക' })).toBeInTheDocument();
  });
});
