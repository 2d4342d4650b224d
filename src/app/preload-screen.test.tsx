import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { aUser } from '../testing/fixtures';
import { signIn } from '../testing/session';
import { preloadScreen } from './routes';
import { renderApp } from './test-app';

describe('preloadScreen', () => {
  it('lets a signed-in screen render with the stored user in its first render', async () => {
    signIn(aUser({ name: 'Stored Name' }));
    await preloadScreen('/dashboard', true);
    renderApp('/dashboard');
    expect(screen.getByRole('heading', { name: 'Hello, Stored Name' })).toBeInTheDocument();
    expect(screen.queryByRole('status', { name: 'Loading' })).not.toBeInTheDocument();
  });

  it('lets the login screen render in its first render', async () => {
    await preloadScreen('/login', false);
    renderApp('/login');
    expect(screen.getByRole('button', { name: 'SEND VERIFICATION CODE' })).toBeInTheDocument();
  });

  it('loads the login screen for a visitor sent there from a signed-in path', async () => {
    await preloadScreen('/settings', false);
    renderApp('/settings');
    expect(screen.getByRole('button', { name: 'SEND VERIFICATION CODE' })).toBeInTheDocument();
  });
});
