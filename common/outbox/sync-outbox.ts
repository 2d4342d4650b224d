/** Background Sync: the worker sends the outbox when the network returns and no page is open. */
import { readWorkerSession } from '../worker-store';
import { flushOutbox } from './flush-outbox';
import { OUTBOX_CHANNEL } from './outbox';

/**
 * Sends what waits for the signed-in session (none after a logout: nothing is sent). Rejects while
 * something is left, so the browser fires the sync again later.
 */
export async function syncOutbox(scope: { fetch: typeof fetch }): Promise<void> {
  const session = await readWorkerSession();
  if (!session) return;
  const result = await flushOutbox({
    session,
    fetch: (input, init) => scope.fetch(input, init),
    now: Date.now,
  });
  const channel = new BroadcastChannel(OUTBOX_CHANNEL);
  channel.postMessage('changed');
  channel.close();
  if (result === 'offline' || result === 'retry-later') throw new Error(`outbox not sent: ${result}`);
}
