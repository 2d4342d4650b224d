/**
 * False while React hydrates a page prerendered at build time (and in the prerender itself), true
 * from the next render on and in any page rendered on the client alone. A form prerendered without
 * JavaScript behind it uses it to keep its submit button off: a tap before the app is attached would
 * otherwise submit the form natively and reload the page, losing what was typed.
 */
import { useSyncExternalStore } from 'react';

const noSubscription = () => () => {};

export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}
