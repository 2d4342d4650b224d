import { render, screen } from '@testing-library/react';
import { Suspense, type ComponentType } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { preloadable } from './preloadable';

const Greeting = ({ name }: { name: string }) => <p>Hello, {name}</p>;
const chunk = () => Promise.resolve({ default: Greeting });

function renderInSuspense(Component: ComponentType<{ name: string }>) {
  render(
    <Suspense fallback={<p>Loading</p>}>
      <Component name="Anu" />
    </Suspense>,
  );
}

describe('preloadable', () => {
  it('renders at once, with no fallback, once preloaded', async () => {
    const Screen = preloadable(chunk);
    await Screen.preload();
    renderInSuspense(Screen);
    expect(screen.getByText('Hello, Anu')).toBeInTheDocument();
    expect(screen.queryByText('Loading')).not.toBeInTheDocument();
  });

  it('loads through Suspense when not preloaded', async () => {
    const Screen = preloadable(chunk);
    renderInSuspense(Screen);
    expect(screen.getByText('Loading')).toBeInTheDocument();
    expect(await screen.findByText('Hello, Anu')).toBeInTheDocument();
  });

  it('falls back to loading on render when the preload failed', async () => {
    const load = vi
      .fn<() => Promise<{ default: typeof Greeting }>>()
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValue({ default: Greeting });
    const Screen = preloadable(load);
    await expect(Screen.preload()).resolves.toBeUndefined();
    renderInSuspense(Screen);
    expect(await screen.findByText('Hello, Anu')).toBeInTheDocument();
  });
});
