import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Button } from './button';

describe('Button', () => {
  it('is a plain button that does not submit its form, unless it says it submits', async () => {
    const user = userEvent.setup();
    const submit = vi.fn((event: SubmitEvent) => event.preventDefault());
    render(
      <form onSubmit={(event) => submit(event.nativeEvent as SubmitEvent)}>
        <Button>Scan a card</Button>
        <Button type="submit" variant="primary">
          Search
        </Button>
      </form>,
    );
    await user.click(screen.getByRole('button', { name: 'Scan a card' }));
    expect(submit).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(submit).toHaveBeenCalledOnce();
  });

  it('names its look by variant and block, as the classes of the stylesheet', () => {
    render(
      <>
        <Button>Cancel</Button>
        <Button variant="primary" block>
          Search
        </Button>
        <Button variant="danger">Delete</Button>
      </>,
    );
    expect(screen.getByRole('button', { name: 'Cancel' })).toHaveAttribute('class', 'button');
    expect(screen.getByRole('button', { name: 'Search' })).toHaveAttribute(
      'class',
      'button button-primary button-block',
    );
    expect(screen.getByRole('button', { name: 'Delete' })).toHaveAttribute('class', 'button button-danger');
  });

  it('is disabled and busy while at work, and says nothing of it otherwise', () => {
    const { rerender } = render(<Button busy>Search</Button>);
    expect(screen.getByRole('button', { name: 'Search' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Search' })).toHaveAttribute('aria-busy', 'true');
    rerender(<Button busy={false}>Search</Button>);
    expect(screen.getByRole('button', { name: 'Search' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Search' })).toHaveAttribute('aria-busy', 'false');
    rerender(<Button>Search</Button>);
    expect(screen.getByRole('button', { name: 'Search' })).not.toHaveAttribute('aria-busy');
  });
});
