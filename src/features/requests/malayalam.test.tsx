import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { activateLanguage } from '../../i18n/i18n';
import { jsonResponse, renderWithApp, stubFetch } from '../../testing/render';
import RequestsPage from './requests-page';

describe('/requests in Malayalam', () => {
  it('says nothing was sent yet, under its Malayalam title', async () => {
    await activateLanguage('ml');
    stubFetch(() => jsonResponse([]));
    renderWithApp(<RequestsPage />);
    expect(screen.getByRole('heading', { name: 'എന്റെ അഭ്യർത്ഥനകൾ' })).toBeInTheDocument();
    expect(await screen.findByText('നിങ്ങൾ ഇതുവരെ ആരെയും ബന്ധപ്പെട്ടിട്ടില്ല.')).toBeInTheDocument();
  });
});
