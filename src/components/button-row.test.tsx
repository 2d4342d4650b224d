import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ButtonRow } from './button-row';

describe('ButtonRow', () => {
  it('runs the action of the button pressed, and none of them submits a form', async () => {
    const user = userEvent.setup();
    const later = vi.fn();
    const agree = vi.fn();
    const submit = vi.fn((event: Event) => event.preventDefault());
    render(
      <form onSubmit={(event) => submit(event.nativeEvent)}>
        <ButtonRow
          className="actions"
          buttons={[
            { label: 'Not now', className: 'button', onClick: later },
            { label: 'I agree', className: 'button button-primary', onClick: agree },
          ]}
        />
      </form>,
    );
    await user.click(screen.getByRole('button', { name: 'I agree' }));
    expect(agree).toHaveBeenCalledOnce();
    expect(later).not.toHaveBeenCalled();
    expect(submit).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Not now' })).toHaveAttribute('class', 'button');
    expect(screen.getByRole('button', { name: 'I agree' })).toHaveAttribute('class', 'button button-primary');
  });

  it('disables every button together while one is at work', () => {
    render(
      <ButtonRow
        className="actions"
        disabled
        buttons={[
          { label: 'Pause card', className: 'link-button', onClick: () => {} },
          { label: 'Replace card', className: 'link-button', onClick: () => {} },
        ]}
      />,
    );
    for (const button of screen.getAllByRole('button')) expect(button).toBeDisabled();
  });

  it('is a group named by its label, whose choices say which one is pressed and in what language', () => {
    render(
      <ButtonRow
        className="choices"
        label="Language"
        buttons={[
          { label: 'English', className: 'choice', lang: 'en', pressed: true, onClick: () => {} },
          { label: 'മലയാളം', className: 'choice', lang: 'ml', pressed: false, onClick: () => {} },
        ]}
      />,
    );
    const group = screen.getByRole('group', { name: 'Language' });
    expect(within(group).getByRole('button', { name: 'English', pressed: true })).toHaveAttribute(
      'lang',
      'en',
    );
    expect(within(group).getByRole('button', { name: 'മലയാളം', pressed: false })).toHaveAttribute(
      'lang',
      'ml',
    );
  });

  it('is no group without a label, and its actions are no toggles', () => {
    render(
      <ButtonRow
        className="actions"
        buttons={[{ label: 'Pause card', className: 'link-button', onClick: () => {} }]}
      />,
    );
    expect(screen.queryByRole('group')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Pause card' })).not.toHaveAttribute('aria-pressed');
  });
});
