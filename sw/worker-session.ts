/** The signed-in user's session as the page left it for the worker (common/worker-store.ts). */
import { readWorkerSession } from '#common/worker-store';

export async function readSessionToken(): Promise<string | null> {
  try {
    return (await readWorkerSession())?.token ?? null;
  } catch (error) {
    console.error('Could not read the session', error);
    return null;
  }
}
