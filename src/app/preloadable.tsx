/**
 * React.lazy with a preload: a component whose chunk was loaded before it first renders renders at
 * once instead of suspending. That matters on the first screen: a Suspense fallback shown even for a
 * moment makes React hold the real content back for up to 300 ms.
 */
import { lazy, useState, type ComponentType } from 'react';

export type Preloadable<Props extends object = object> = ComponentType<Props> & {
  /** Loads the chunk; a failure is left to the lazy render, which shows the usual fallback. */
  preload(): Promise<void>;
};

export function preloadable<Props extends object = object>(
  load: () => Promise<{ default: ComponentType<Props> }>,
): Preloadable<Props> {
  let loaded: ComponentType<Props> | undefined;
  const Lazy = lazy(load);
  async function preload(): Promise<void> {
    try {
      loaded = (await load()).default;
    } catch {
      // Rendering goes through Lazy, which loads the chunk again or reaches the error boundary.
    }
  }
  function Screen(props: Props) {
    // Chosen once per mount: swapping the two later would remount everything below.
    const [Component] = useState<ComponentType<Props>>(() => loaded ?? Lazy);
    return <Component {...props} />;
  }
  return Object.assign(Screen, { preload });
}
