import type { Db } from '../../db/database';
import { hasReceiver, requests, type ReceivedRequestRow } from '../../db/schema';
import { SYSTEM_KIND } from '../api-shapes';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/**
 * The service's own notices (kind `system`, no sender): the only rows of the requests table that do
 * not come through the one entry (reach.ts), since nobody reaches anyone with them and no send rule
 * applies. Tells each of `others`, in the transaction that verified `vehicleNumber` against its RC,
 * that their registration of it no longer shows in searches.
 */
export async function storeSupersededNotices(
  tx: Tx,
  vehicleNumber: string,
  others: { id: string; ownerId: string }[],
  now: Date,
): Promise<ReceivedRequestRow[]> {
  if (others.length === 0) return [];
  const number = vehicleNumber.toUpperCase();
  return tx
    .insert(requests)
    .values(
      others.map((other) => ({
        receiverId: other.ownerId,
        senderId: null,
        vehicleId: other.id,
        kind: SYSTEM_KIND,
        vehicleNumber,
        title: 'Vehicle ownership verified',
        content: `The registered owner of ${number} verified that number against its RC. Your registration of it is no longer shown in searches unless the owner keeps you as a household member.`,
        sentAt: now,
      })),
    )
    .returning()
    .then((rows) => rows.filter(hasReceiver));
}
