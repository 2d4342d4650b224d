import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { activateLanguage } from '../../i18n/i18n';
import { jsonResponse, stubFetch } from '../../testing/render';
import { WithTexts } from '../../testing/with-texts';
import { HowItWorks } from './how-it-works';

describe('How It Works panel', () => {
  it('describes the four things the product does', () => {
    stubFetch(() => jsonResponse({ activeUsers: 0, push: null }));
    render(<HowItWorks />, { wrapper: WithTexts });
    const steps = screen.getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent);
    expect(steps).toEqual([
      'Register your vehicle',
      'Report improper parking',
      'Get an instant notification',
      'Privacy protection',
    ]);
  });

  it("shows the real number of people on the service in the SPEC's form, grouped the Indian way", async () => {
    const calls = stubFetch(() => jsonResponse({ activeUsers: 123456, push: null }));
    render(<HowItWorks />, { wrapper: WithTexts });
    expect(await screen.findByText('1,23,456 Active Users')).toBeInTheDocument();
    expect(calls).toEqual([expect.objectContaining({ url: '/api/config' })]);
  });

  it('says it in Malayalam in the Malayalam app', async () => {
    await activateLanguage('ml');
    stubFetch(() => jsonResponse({ activeUsers: 1234, push: null }));
    render(<HowItWorks />, { wrapper: WithTexts });
    expect(await screen.findByText('1,234 സജീവ ഉപയോക്താക്കൾ')).toBeInTheDocument();
  });

  it('invents no number when the server cannot say it', async () => {
    stubFetch(() => jsonResponse({ message: 'down' }, 503));
    render(<HowItWorks />, { wrapper: WithTexts });
    await screen.findByRole('heading', { name: 'How It Works' });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(screen.queryByText(/Active Users/)).not.toBeInTheDocument();
  });
});
