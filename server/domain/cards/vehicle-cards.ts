/** What the owner's side shares of windscreen cards: their shape and the owner's live cards. */
import type { FastifyRequest } from 'fastify';
import type { VehicleCard } from '#common/card-api';
import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { vehicleCards, vehicles, type VehicleCardRow } from '../../db/schema';

/** Where a card leads: `/c/{code}` on the site's configured origin, whatever Host the request named. */
export const cardUrl = (request: FastifyRequest, code: string) =>
  `${request.server.config.publicOrigin}/c/${code}`;

/** A card as its owner sees it; a pause that is over is no pause. */
export function toVehicleCard(card: VehicleCardRow, request: FastifyRequest, now: Date): VehicleCard {
  return {
    code: card.code,
    url: cardUrl(request, card.code),
    pausedUntil: isPaused(card, now) ? (card.pausedUntil?.toISOString() ?? null) : null,
  };
}

export const isPaused = (card: Pick<VehicleCardRow, 'pausedUntil'>, now: Date) =>
  card.pausedUntil !== null && card.pausedUntil.getTime() > now.getTime();

/** The live cards of the owner's vehicles, by vehicle id. */
export async function liveCardsOfOwner(db: Db, ownerId: string): Promise<Map<string, VehicleCardRow>> {
  const rows = await db
    .select({ card: vehicleCards })
    .from(vehicleCards)
    .innerJoin(vehicles, eq(vehicles.id, vehicleCards.vehicleId))
    .where(and(eq(vehicles.ownerId, ownerId), isNull(vehicleCards.endedAt)));
  return new Map(rows.map(({ card }) => [card.vehicleId, card]));
}
