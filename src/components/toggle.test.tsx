import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Toggle } from './toggle';

describe('Toggle', () => {
  it('is a switch named by its label that reports the new state', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<Toggle label="Hide Name" checked={false} onChange={onChange} />);
    await user.click(screen.getByRole('switch', { name: 'Hide Name' }));
    expect(onChange).toHaveBeenCalledWith(true);
  });
});
