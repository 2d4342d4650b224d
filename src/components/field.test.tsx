import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Field } from './field';

describe('Field', () => {
  it('its label names the control and its hint describes it', () => {
    render(
      <Field label="Phone" hint="Please enter a valid 10-digit phone number">
        <input name="phone" />
      </Field>,
    );
    const input = screen.getByRole('textbox', { name: 'Phone' });
    expect(input).toHaveAccessibleDescription('Please enter a valid 10-digit phone number');
  });
});
