import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { activateLanguage } from '../../i18n/i18n';
import { renderWithApp } from '../../testing/render';
import { StorageBanner } from './storage-banner';

describe('StorageBanner', () => {
  it('says a full storage keeps offline messages from waiting, and to free space', () => {
    renderWithApp(<StorageBanner problem="full" />);
    expect(screen.getByRole('alert')).toHaveTextContent(
      "Your phone's storage is full, so a message sent offline cannot wait for the network. Free some space",
    );
  });

  it('says a blocked storage keeps offline messages from waiting, and to allow it', () => {
    renderWithApp(<StorageBanner problem="failing" />);
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Open the app in a normal window or allow this site to store data, then reload.',
    );
  });

  it('says both in Malayalam', async () => {
    await activateLanguage('ml');
    renderWithApp(
      <>
        <StorageBanner problem="full" />
        <StorageBanner problem="failing" />
      </>,
    );
    const [full, failing] = screen.getAllByRole('alert');
    expect(full).toHaveTextContent('സ്റ്റോറേജ് നിറഞ്ഞിരിക്കുന്നു');
    expect(failing).toHaveTextContent('വിവരങ്ങൾ സൂക്ഷിക്കാൻ അനുമതി നൽകുക');
  });
});
