import { I18nProvider } from '@lingui/react';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ComponentType } from 'react';
import { createMemoryRouter, Link, RouterProvider } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { i18n } from '../i18n/i18n';
import { NavigationProgress } from './navigation-progress';

/** A screen whose chunk arrives only when the test says so. */
function slowScreen() {
  let arrive: () => void = () => {};
  const chunk = new Promise<{ Component: ComponentType }>((resolve) => {
    arrive = () => resolve({ Component: () => <h1>Next screen</h1> });
  });
  return { lazy: () => chunk, arrive };
}

function renderWithSlowNextScreen() {
  const next = slowScreen();
  const router = createMemoryRouter([
    {
      path: '/',
      element: (
        <>
          <NavigationProgress />
          <Link to="/next">Next</Link>
        </>
      ),
    },
    { path: '/next', lazy: next.lazy },
  ]);
  render(
    <I18nProvider i18n={i18n}>
      <RouterProvider router={router} />
    </I18nProvider>,
  );
  return next;
}

describe('the navigation progress bar', () => {
  it('is not shown while nothing loads', () => {
    renderWithSlowNextScreen();
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
  });

  it("shows 'Loading' while the next screen's chunk is on its way, and goes when it has arrived", async () => {
    const next = renderWithSlowNextScreen();
    await userEvent.click(screen.getByRole('link', { name: 'Next' }));
    expect(screen.getByRole('progressbar', { name: 'Loading' })).toBeInTheDocument();
    await act(async () => next.arrive());
    expect(await screen.findByRole('heading', { name: 'Next screen' })).toBeInTheDocument();
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
  });
});
