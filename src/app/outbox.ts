/** Runs the outbox (src/state/outbox-queue) while a signed-in screen is open. */
import { useEffect } from 'react';

export function useOutbox(): void {
  useEffect(() => {
    let stop: (() => void) | undefined;
    let stopped = false;
    // Loaded apart from the signed-in shell, which has a size budget.
    void import('../state/outbox-queue').then(({ startOutbox }) => {
      if (!stopped) stop = startOutbox();
    });
    return () => {
      stopped = true;
      stop?.();
    };
  }, []);
}
