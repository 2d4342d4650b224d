/**
 * The user's sent requests survive a restart like the user and their vehicles (persist.ts), so a warm
 * start shows an open request's status in its first frame instead of moving the dashboard down when
 * the list arrives. Read as the signed-in shell's chunk loads, never with the first load of /login.
 */
import { get } from 'idb-keyval';
import { appStore } from '../lib/store';
import { stateDatabase, writeStored } from './persist';
import { sentRequestsAtom, setSentRequests } from './sent-requests';

const SENT_REQUESTS_KEY = 'sentRequests';

let following = false;

/**
 * Puts the stored list in the store unless the session already holds a newer one, and from the first
 * call on keeps the stored copy up to date.
 */
export async function loadStoredSentRequests(): Promise<void> {
  try {
    // The contract (and zod) come in a chunk of their own, as for the stored user (persist.ts).
    const [value, contract] = await Promise.all([
      stateDatabase().then((store) => get<unknown>(SENT_REQUESTS_KEY, store)),
      import('#common/api'),
    ]);
    const stored = contract.sentRequestList.safeParse(value);
    if (stored.success && appStore.get(sentRequestsAtom).length === 0) setSentRequests(stored.data);
  } catch (error) {
    console.error('Could not read the stored sent requests', error);
  }
  if (following) return;
  following = true;
  // Sign-out resets the list to empty, which removes the stored copy.
  appStore.sub(sentRequestsAtom, () => {
    const list = appStore.get(sentRequestsAtom);
    writeStored(SENT_REQUESTS_KEY, list.length > 0 ? list : null);
  });
}
