import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Spinner } from './spinner';
import { WithTexts } from '../testing/with-texts';

describe('Spinner', () => {
  it('announces what is loading', () => {
    render(<Spinner label="Loading vehicles" />, { wrapper: WithTexts });
    expect(screen.getByRole('status', { name: 'Loading vehicles' })).toBeInTheDocument();
  });
});
