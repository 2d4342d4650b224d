import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type * as OutboxDb from '#common/outbox/outbox-db';
import { appStore } from '../../lib/store';
import { storageProblemAtom } from '../../lib/storage-problem';
import { anOwnedVehicle } from '../../testing/fixtures';
import { jsonResponse, renderWithApp, stubFetch } from '../../testing/render';
import { signIn } from '../../testing/session';
import { SendMessageForm } from './send-message-form';

vi.mock('#common/outbox/outbox-db', async (importOriginal) => ({
  ...(await importOriginal<typeof OutboxDb>()),
  putItem: () => Promise.reject(new DOMException('The quota has been exceeded.', 'QuotaExceededError')),
}));

describe('SendMessageForm when the outbox cannot be written', () => {
  it('reports an offline message whose write failed as not queued, and says the storage is full', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => undefined);
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const calls = stubFetch(() => jsonResponse({ _id: 'notification-1' }, 201));
    signIn();
    const onQueued = vi.fn();
    renderWithApp(
      <SendMessageForm vehicle={anOwnedVehicle()} onSent={vi.fn()} onQueued={onQueued} onCall={vi.fn()} />,
    );
    const user = userEvent.setup();
    await user.type(screen.getByRole('textbox', { name: 'Message' }), 'Please move');
    await user.click(screen.getByRole('button', { name: 'Notify User' }));
    await waitFor(() => expect(alert).toHaveBeenCalledWith('Error sending message:'));
    expect(onQueued).not.toHaveBeenCalled();
    expect(calls).toHaveLength(0);
    expect(appStore.get(storageProblemAtom)).toBe('full');
  });
});
