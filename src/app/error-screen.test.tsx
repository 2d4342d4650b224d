import { render, screen } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ErrorScreen } from './error-screen';
import { WithTexts } from '../testing/with-texts';

function Broken(): never {
  throw new Error('render failed');
}

function renderBroken() {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  const router = createMemoryRouter([{ path: '/', element: <Broken />, errorElement: <ErrorScreen /> }]);
  render(<RouterProvider router={router} />, { wrapper: WithTexts });
}

describe('the error screen', () => {
  afterEach(() => vi.restoreAllMocks());

  it('shows a friendly screen with a Reload button instead of the developer page', async () => {
    renderBroken();
    expect(await screen.findByRole('heading', { name: 'Something went wrong' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reload' })).toBeInTheDocument();
    expect(screen.queryByText(/Unexpected Application Error/)).not.toBeInTheDocument();
  });

  it('says plainly when the device is offline', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    renderBroken();
    expect(await screen.findByText(/You are offline/)).toBeInTheDocument();
  });
});
