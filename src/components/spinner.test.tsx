import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Spinner } from './spinner';

describe('Spinner', () => {
  it('announces what is loading', () => {
    render(<Spinner label="Loading vehicles" />);
    expect(screen.getByRole('status', { name: 'Loading vehicles' })).toBeInTheDocument();
  });
});
