import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ChoiceRow, type Choice } from './choice-row';

const LANGUAGES: Choice<'en' | 'ml'>[] = [
  { value: 'en', label: 'English', className: 'language-option', lang: 'en' },
  { value: 'ml', label: 'മലയാളം', className: 'language-option', lang: 'ml' },
];

describe('ChoiceRow', () => {
  it('presses the chosen one, and reports another choice when it is pressed', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<ChoiceRow label="Language" value="en" onChange={onChange} choices={LANGUAGES} className="row" />);
    expect(screen.getByRole('group', { name: 'Language' })).toHaveClass('row');
    expect(screen.getByRole('button', { name: 'English', pressed: true })).toHaveAttribute('lang', 'en');
    await user.click(screen.getByRole('button', { name: 'മലയാളം', pressed: false }));
    expect(onChange).toHaveBeenCalledWith('ml');
  });

  it('does nothing when the chosen one is pressed again', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<ChoiceRow label="Language" value="en" onChange={onChange} choices={LANGUAGES} className="row" />);
    await user.click(screen.getByRole('button', { name: 'English' }));
    expect(onChange).not.toHaveBeenCalled();
  });
});
