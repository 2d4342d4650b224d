import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { OwnershipMark } from './ownership-mark';

describe('OwnershipMark', () => {
  it('says "Verified owner" on a verified registration', () => {
    render(<OwnershipMark vehicle={{ verified: true, household: false }} />);
    expect(screen.getByText('Verified owner')).toHaveAttribute('data-kind', 'verified');
  });

  it('says "Household" on a kept household member', () => {
    render(<OwnershipMark vehicle={{ verified: false, household: true }} />);
    expect(screen.getByText('Household')).toHaveAttribute('data-kind', 'household');
  });

  it('says "Not verified" on any other registration', () => {
    render(<OwnershipMark vehicle={{ verified: false, household: false }} />);
    expect(screen.getByText('Not verified')).toHaveAttribute('data-kind', 'unverified');
  });
});
