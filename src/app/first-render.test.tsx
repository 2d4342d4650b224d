import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { aUser } from '../testing/fixtures';
import { signIn } from '../testing/session';
import { renderApp } from '../testing/app';

/** renderApp renders once the router is ready, as main.tsx does: the screen is there in the first render. */
describe('the first render, once the router is ready', () => {
  it('shows a signed-in screen with the stored user', async () => {
    signIn(aUser({ name: 'Stored Name' }));
    await renderApp('/dashboard');
    expect(screen.getByRole('heading', { name: 'Hello, Stored Name' })).toBeInTheDocument();
    expect(screen.queryByRole('status', { name: 'Loading' })).not.toBeInTheDocument();
  });

  it('shows the login screen', async () => {
    await renderApp('/login');
    expect(screen.getByRole('button', { name: 'SEND VERIFICATION CODE' })).toBeInTheDocument();
  });

  it('shows the login screen to a visitor sent there from a signed-in path', async () => {
    const { router } = await renderApp('/settings');
    expect(screen.getByRole('button', { name: 'SEND VERIFICATION CODE' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
  });

  it('shows the dashboard at / to a signed-in user', async () => {
    signIn(aUser({ name: 'Stored Name' }));
    await renderApp('/');
    expect(screen.getByRole('heading', { name: 'Hello, Stored Name' })).toBeInTheDocument();
    expect(screen.getByRole('complementary', { name: 'Main menu' })).toBeInTheDocument();
  });
});
