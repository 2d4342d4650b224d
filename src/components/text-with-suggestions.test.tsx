import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { loadSignedInTexts } from '../i18n/i18n';
import { renderWithApp } from '../testing/render';
import { TextWithSuggestions } from './text-with-suggestions';

function Note() {
  const [text, setText] = useState('');
  return (
    <TextWithSuggestions
      label="Note"
      name="note"
      rows={3}
      maxLength={200}
      vehicleNumber="KL07AB1234"
      value={text}
      onChange={setText}
    />
  );
}

describe('TextWithSuggestions', () => {
  it('fills the text box with the suggestion tapped', async () => {
    await loadSignedInTexts();
    const user = userEvent.setup();
    renderWithApp(<Note />);
    const [first] = screen.getAllByRole('button');
    await user.click(first!);
    expect(screen.getByRole('textbox', { name: 'Note' })).toHaveValue(first!.textContent);
  });

  it('offers the five suggested texts', async () => {
    await loadSignedInTexts();
    renderWithApp(<Note />);
    expect(screen.getAllByRole('button')).toHaveLength(5);
  });
});
