import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { NumberPlate } from './number-plate';

/** The plate as it is drawn (the spaced copy sighted readers see). */
function drawn(vehicleNumber: string): string | null {
  const { container, unmount } = render(<NumberPlate vehicleNumber={vehicleNumber} />);
  const text = container.querySelector('[aria-hidden="true"]')?.textContent ?? null;
  unmount();
  return text;
}

describe('the drawn plate', () => {
  it('spaces a two-character series as a Kerala plate does', () => {
    expect(drawn('kl07ab1234')).toBe('KL 07 AB 1234');
  });

  it('spaces a one-letter series', () => {
    expect(drawn('kl07a1234')).toBe('KL 07 A 1234');
  });

  it('keeps a series of digits together', () => {
    expect(drawn('kl07121234')).toBe('KL 07 12 1234');
  });

  it('only upper-cases a number of another shape', () => {
    expect(drawn('kl7a12')).toBe('KL7A12');
  });
});

describe('NumberPlate', () => {
  it('gives assistive technology the number as one upper-case word and hides the spaced plate', () => {
    render(<NumberPlate vehicleNumber="kl07ab1234" />);
    expect(screen.getByText('KL07AB1234')).toHaveClass('visually-hidden');
    expect(screen.getByText('KL 07 AB 1234')).toHaveAttribute('aria-hidden', 'true');
  });
});
