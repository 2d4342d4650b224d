import { and, desc, eq, gt, or } from 'drizzle-orm';
import type { I18n } from '@lingui/core';
import { ACTIVITY_DAYS, ACTIVITY_MAX, type ActivityItem } from '#common/api';
import type { Db } from '../../db/database';
import { requests, slips, vehicleCards, vehicles } from '../../db/schema';
import { contentFor } from '../../domain/requests/request-texts';
import { DAY_MS } from '#common/durations';

const plate = (vehicleNumber: string | null) => vehicleNumber?.toUpperCase() ?? null;

/** The cards of the owner's vehicles: made, replaced and turned off since `since`. */
async function cardActivity(db: Db, ownerId: string, since: Date): Promise<ActivityItem[]> {
  const cards = await db
    .select({
      id: vehicleCards.id,
      vehicleId: vehicleCards.vehicleId,
      createdAt: vehicleCards.createdAt,
      endedAt: vehicleCards.endedAt,
      vehicleNumber: vehicles.vehicleNumber,
    })
    .from(vehicleCards)
    .innerJoin(vehicles, eq(vehicles.id, vehicleCards.vehicleId))
    .where(
      and(
        eq(vehicles.ownerId, ownerId),
        or(gt(vehicleCards.createdAt, since), gt(vehicleCards.endedAt, since)),
      ),
    );
  // A replacement ends the old card and makes the new one at the same moment.
  const replacedAt = (card: (typeof cards)[number]) =>
    cards.some(
      (other) =>
        other.vehicleId === card.vehicleId &&
        other.id !== card.id &&
        other.endedAt?.getTime() === card.createdAt.getTime(),
    );
  const endedByReplacement = (card: (typeof cards)[number]) =>
    cards.some(
      (other) =>
        other.vehicleId === card.vehicleId &&
        other.id !== card.id &&
        other.createdAt.getTime() === card.endedAt?.getTime(),
    );
  return cards.flatMap((card): ActivityItem[] => {
    const vehicleNumber = plate(card.vehicleNumber);
    const items: ActivityItem[] = [];
    if (card.createdAt > since) {
      const kind = replacedAt(card) ? 'cardReplaced' : 'cardMade';
      items.push({ _id: `${kind}-${card.id}`, kind, at: card.createdAt.toISOString(), vehicleNumber });
    }
    if (card.endedAt && card.endedAt > since && !endedByReplacement(card)) {
      const at = card.endedAt.toISOString();
      items.push({ _id: `cardTurnedOff-${card.id}`, kind: 'cardTurnedOff', at, vehicleNumber });
    }
    return items;
  });
}

/** The requests that reached the owner through a card since `since`: their kind and the owner's answer. */
async function cardRequests(db: Db, ownerId: string, since: Date): Promise<ActivityItem[]> {
  const rows = await db
    .select()
    .from(requests)
    .where(and(eq(requests.receiverId, ownerId), eq(requests.via, 'card'), gt(requests.sentAt, since)))
    .orderBy(desc(requests.sentAt))
    .limit(ACTIVITY_MAX);
  return rows.map((row) => ({
    _id: `cardRequest-${row.id}`,
    kind: 'cardRequest',
    at: row.sentAt.toISOString(),
    vehicleNumber: plate(row.vehicleNumber),
    requestId: row.id,
    requestKind: row.kind === 'call' ? 'call' : 'message',
    reply: row.replyKind,
  }));
}

/** The owner's slips: printed (one item per printing), attached and answered since `since`. */
async function slipActivity(db: Db, ownerId: string, since: Date, i18n: I18n): Promise<ActivityItem[]> {
  const rows = await db
    .select({ slip: slips, note: requests })
    .from(slips)
    .leftJoin(requests, eq(requests.slipId, slips.id))
    .where(
      and(
        eq(slips.ownerId, ownerId),
        or(gt(slips.createdAt, since), gt(slips.attachedAt, since), gt(requests.repliedAt, since)),
      ),
    );
  const printings = new Map<number, number>();
  const items: ActivityItem[] = [];
  for (const { slip, note } of rows) {
    if (slip.createdAt > since) {
      const at = slip.createdAt.getTime();
      printings.set(at, (printings.get(at) ?? 0) + 1);
    }
    if (!slip.attachedAt || !note) continue;
    const vehicleNumber = plate(note.vehicleNumber);
    if (slip.attachedAt > since) {
      items.push({
        _id: `slipAttached-${note.id}`,
        kind: 'slipAttached',
        at: slip.attachedAt.toISOString(),
        vehicleNumber,
        requestId: note.id,
        text: contentFor(note, i18n),
      });
    }
    if (note.repliedAt && note.replyKind && note.repliedAt > since) {
      items.push({
        _id: `slipAnswered-${note.id}`,
        kind: 'slipAnswered',
        at: note.repliedAt.toISOString(),
        vehicleNumber,
        requestId: note.id,
        reply: note.replyKind,
      });
    }
  }
  for (const [at, count] of printings) {
    const when = new Date(at).toISOString();
    items.push({ _id: `slipsPrinted-${when}`, kind: 'slipsPrinted', at: when, vehicleNumber: null, count });
  }
  return items;
}

/**
 * What happened to the owner's cards and slips in the last ACTIVITY_DAYS days, newest first, at most
 * ACTIVITY_MAX items, with the notes in the owner's language (`i18n`). Only what the owner did and the
 * answers and requests they received: nothing that identifies a stranger.
 */
export async function activityOf(db: Db, ownerId: string, i18n: I18n, now: Date): Promise<ActivityItem[]> {
  const since = new Date(now.getTime() - ACTIVITY_DAYS * DAY_MS);
  const parts = await Promise.all([
    cardActivity(db, ownerId, since),
    cardRequests(db, ownerId, since),
    slipActivity(db, ownerId, since, i18n),
  ]);
  return parts
    .flat()
    .sort((a, b) => b.at.localeCompare(a.at) || a._id.localeCompare(b._id))
    .slice(0, ACTIVITY_MAX);
}
