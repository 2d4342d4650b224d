import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { TextField } from './text-field';

function NameField({ onValueChange }: { onValueChange: (value: string) => void }) {
  const [name, setName] = useState('Anu');
  return (
    <TextField
      label="Name"
      hint="As on your licence"
      name="name"
      value={name}
      onValueChange={(value) => {
        setName(value);
        onValueChange(value);
      }}
      maxLength={40}
      required
    />
  );
}

describe('TextField', () => {
  it('is a box named by its label and described by its hint, that reports its new text', async () => {
    const user = userEvent.setup();
    const changed = vi.fn();
    render(<NameField onValueChange={changed} />);
    const box = screen.getByRole('textbox', { name: 'Name' });
    expect(box).toHaveAccessibleDescription('As on your licence');
    await user.type(box, 'p');
    expect(changed).toHaveBeenLastCalledWith('Anup');
    expect(box).toHaveValue('Anup');
  });

  it('is the app’s text box, and passes the rest to the input as it is', () => {
    render(<NameField onValueChange={() => {}} />);
    const box = screen.getByRole('textbox', { name: 'Name' });
    expect(box).toHaveAttribute('class', 'input');
    expect(box).toHaveAttribute('name', 'name');
    expect(box).toHaveAttribute('maxlength', '40');
    expect(box).toBeRequired();
  });

  it('says what is wrong in place of the hint, and marks the box invalid', () => {
    render(<TextField label="E-mail" error="Not an e-mail address" value="anu@" onValueChange={() => {}} />);
    const box = screen.getByRole('textbox', { name: 'E-mail' });
    expect(box).toBeInvalid();
    expect(box).toHaveAccessibleDescription('Not an e-mail address');
  });
});
