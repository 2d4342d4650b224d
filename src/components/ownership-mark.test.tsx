import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { activateLanguage } from '../i18n/i18n';
import { renderWithApp } from '../testing/render';
import { OwnershipMark } from './ownership-mark';

describe('OwnershipMark', () => {
  it('says "Verified owner" on a verified registration', () => {
    renderWithApp(<OwnershipMark vehicle={{ verified: true, household: false }} />);
    expect(screen.getByText('Verified owner')).toHaveAttribute('data-kind', 'verified');
  });

  it('says "Household" on a kept household member', () => {
    renderWithApp(<OwnershipMark vehicle={{ verified: false, household: true }} />);
    expect(screen.getByText('Household')).toHaveAttribute('data-kind', 'household');
  });

  it('says "Not verified" on any other registration', () => {
    renderWithApp(<OwnershipMark vehicle={{ verified: false, household: false }} />);
    expect(screen.getByText('Not verified')).toHaveAttribute('data-kind', 'unverified');
  });

  it('says "Verified owner" in Malayalam when Malayalam is chosen', async () => {
    await activateLanguage('ml');
    renderWithApp(<OwnershipMark vehicle={{ verified: true, household: false }} />);
    expect(screen.getByText('സ്ഥിരീകരിച്ച ഉടമ')).toHaveAttribute('data-kind', 'verified');
  });
});
