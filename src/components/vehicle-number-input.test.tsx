import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Field } from './field';
import { VehicleNumberInput } from './vehicle-number-input';

describe('VehicleNumberInput', () => {
  it('asks for capitals and no autocomplete or spell check, under the name the forms send', () => {
    render(
      <Field label="Vehicle number" hint="As on the plate">
        <VehicleNumberInput look="form" required />
      </Field>,
    );
    const input = screen.getByRole('textbox', { name: 'Vehicle number' });
    expect(input).toHaveAttribute('name', 'vehicleNumber');
    expect(input).toHaveAttribute('autocapitalize', 'characters');
    expect(input).toHaveAttribute('autocomplete', 'off');
    expect(input).toHaveAttribute('spellcheck', 'false');
    expect(input).toBeRequired();
    expect(input).toHaveAccessibleDescription('As on the plate');
    expect(input).toHaveClass('input', 'vehicle-number-input');
  });

  it('looks like a number plate in the search', () => {
    render(<VehicleNumberInput look="plate" aria-label="Vehicle number" />);
    expect(screen.getByRole('textbox', { name: 'Vehicle number' })).toHaveClass('input', 'plate-input');
  });
});
