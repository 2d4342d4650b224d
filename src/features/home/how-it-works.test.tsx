import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { WithTexts } from '../../testing/with-texts';
import { HowItWorks } from './how-it-works';

describe('How It Works panel', () => {
  it('describes the four things the product does', () => {
    render(<HowItWorks />, { wrapper: WithTexts });
    const steps = screen.getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent);
    expect(steps).toEqual([
      'Register your vehicle',
      'Report improper parking',
      'Get an instant notification',
      'Privacy protection',
    ]);
  });

  it("shows the label '1,234 Active Users'", () => {
    render(<HowItWorks />, { wrapper: WithTexts });
    expect(screen.getByText('1,234 Active Users')).toBeInTheDocument();
  });
});
