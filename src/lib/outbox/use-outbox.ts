/** Runs the outbox (outbox-queue.ts) while a signed-in screen is open. */
import { useEffect } from 'react';

export function useOutbox(): void {
  useEffect(() => {
    let stop: (() => void) | undefined;
    let stopped = false;
    // Loaded apart from the signed-in shell, which has a size budget.
    void import('./outbox-queue').then(({ startOutbox }) => {
      if (!stopped) stop = startOutbox();
    });
    return () => {
      stopped = true;
      stop?.();
    };
  }, []);
}
