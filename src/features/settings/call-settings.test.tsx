import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { User } from '#common/api';
import { appStore } from '../../lib/store';
import { userAtom } from '../../state/user';
import { jsonResponse, stubFetch } from '../../testing/render';
import { echoProfile, renderSettings, withSessions } from '../../testing/settings';

function renderCallSwitches(fields: Partial<User> = {}) {
  renderSettings(fields);
  return {
    takeCalls: screen.getByRole('switch', { name: 'Take masked calls' }),
    quietHours: screen.getByRole('switch', { name: 'Quiet hours' }),
  };
}

describe('/settings: calls', () => {
  it('takes masked calls by default, with quiet hours off', () => {
    echoProfile();
    const { takeCalls, quietHours } = renderCallSwitches();
    expect(takeCalls).toBeChecked();
    expect(quietHours).not.toBeChecked();
    expect(screen.queryByLabelText('From (IST)')).not.toBeInTheDocument();
  });

  it('turning Take masked calls off saves allowCalls false at once', async () => {
    const user = userEvent.setup();
    const calls = echoProfile();
    const { takeCalls } = renderCallSwitches();
    await user.click(takeCalls);
    expect(takeCalls).not.toBeChecked();
    expect(calls()[0]).toMatchObject({
      url: '/api/users/updateProfile',
      method: 'PATCH',
      body: { allowCalls: false },
    });
    await waitFor(() => expect(appStore.get(userAtom)?.allowCalls).toBe(false));
  });

  it('switching quiet hours on saves the night, 22:00 to 07:00 IST, and shows both times', async () => {
    const user = userEvent.setup();
    const calls = echoProfile();
    const { quietHours } = renderCallSwitches();
    await user.click(quietHours);
    expect(calls()[0]?.body).toEqual({ quietHours: { start: '22:00', end: '07:00' } });
    expect(await screen.findByLabelText('From (IST)')).toHaveValue('22:00');
    expect(screen.getByLabelText('Until (IST)')).toHaveValue('07:00');
  });

  it("styles the quiet hours' times as the app's other inputs (44 px high)", async () => {
    const user = userEvent.setup();
    echoProfile();
    const { quietHours } = renderCallSwitches();
    await user.click(quietHours);
    expect(await screen.findByLabelText('From (IST)')).toHaveClass('input');
    expect(screen.getByLabelText('Until (IST)')).toHaveClass('input');
  });

  it('saves changed quiet hours with Save quiet hours', async () => {
    const user = userEvent.setup();
    const calls = echoProfile();
    renderCallSwitches({ quietHours: { start: '22:00', end: '07:00' } });
    const until = screen.getByLabelText('Until (IST)');
    await user.clear(until);
    await user.type(until, '06:30');
    await user.click(screen.getByRole('button', { name: 'Save quiet hours' }));
    expect(calls()[0]?.body).toEqual({ quietHours: { start: '22:00', end: '06:30' } });
  });

  it('switching quiet hours off saves null', async () => {
    const user = userEvent.setup();
    const calls = echoProfile();
    const { quietHours } = renderCallSwitches({ quietHours: { start: '22:00', end: '07:00' } });
    await user.click(quietHours);
    expect(calls()[0]?.body).toEqual({ quietHours: null });
  });

  it("a failed save puts the switch back and shows 'Update failed!'", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const user = userEvent.setup();
    stubFetch(withSessions(() => jsonResponse({ message: 'Server down' }, 500)));
    const { takeCalls } = renderCallSwitches();
    await user.click(takeCalls);
    expect(await screen.findByRole('alert')).toHaveTextContent('Update failed!');
    expect(takeCalls).toBeChecked();
  });
});
