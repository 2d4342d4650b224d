/**
 * The requests the user sent (messages and notifications) with their live status: fetched from
 * `sentRequests`, added as the send answered it, and updated by the live channel's `request` events.
 */
import type { SentRequest } from '#common/api';
import { appAtom, appStore, atom } from '../lib/store';
import { HOUR_MS } from '#common/durations';

/** Past this, an unanswered request is no longer "open": the car has long moved or been given up on. */
const OPEN_REQUEST_MS = HOUR_MS;

export const sentRequestsAtom = appAtom<SentRequest[]>([]);

const newestFirst = (a: SentRequest, b: SentRequest) => b.sentAt.localeCompare(a.sentAt);

export function setSentRequests(list: SentRequest[]): void {
  appStore.set(sentRequestsAtom, [...list].sort(newestFirst));
}

/** Adds a request, or replaces the one with its id by this newer view of it. */
export function upsertSentRequest(request: SentRequest): void {
  appStore.set(sentRequestsAtom, (current) =>
    [request, ...current.filter((item) => item._id !== request._id)].sort(newestFirst),
  );
}

/** A request just sent, as its send answered it: a newer view from the live channel is kept. */
export function addSentRequest(request: SentRequest): void {
  if (appStore.get(sentRequestsAtom).some((item) => item._id === request._id)) return;
  upsertSentRequest(request);
}

/** The newest request still waiting for an answer, if it is recent enough to matter. */
function latestOpenRequest(list: SentRequest[], now = Date.now()): SentRequest | undefined {
  const [latest] = list;
  if (!latest || latest.reply) return undefined;
  return now - new Date(latest.sentAt).getTime() < OPEN_REQUEST_MS ? latest : undefined;
}

export const latestOpenRequestAtom = atom((get) => latestOpenRequest(get(sentRequestsAtom)));
