import { and, asc, desc, eq, exists, lte, not, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/database';
import { users, vehicles, type UserRow, type VehicleRow } from '../../db/schema';
import { countHit, ttlMs } from '../../lib/rate-limit-count';
import { registrationHidden } from './registration-flags';

/**
 * THE rule of who can be found and reached through a number: a registration is reachable when it is
 * verified, kept as household by a verified owner, or when nobody has verified that number yet; and
 * it is not hidden by "Not my vehicle" flags (registration-flags.ts).
 * Search, messages, notifications and every later way of reaching an owner go through this module.
 */
const verifiedRegistration = alias(vehicles, 'verified_registration');

function reachable(db: Db): SQL {
  const verifiedOne = db
    .select({ id: verifiedRegistration.id })
    .from(verifiedRegistration)
    .where(
      and(
        eq(verifiedRegistration.vehicleNumber, vehicles.vehicleNumber),
        eq(verifiedRegistration.verified, true),
      ),
    );
  return and(
    or(eq(vehicles.verified, true), eq(vehicles.household, true), not(exists(verifiedOne))),
    not(registrationHidden(vehicles.id)),
  ) as SQL;
}

export interface Registration {
  vehicle: VehicleRow;
  owner: UserRow;
}

/** What a registration is looked up by. */
const filterColumns = {
  vehicleNumber: vehicles.vehicleNumber,
  vehicleId: vehicles.id,
  ownerId: vehicles.ownerId,
};
export type RegistrationFilter = keyof typeof filterColumns;

const reachableOrder = [
  desc(vehicles.verified),
  desc(vehicles.household),
  asc(vehicles.createdAt),
  asc(vehicles.id),
];

function reachableWhere(db: Db, filter: SQL) {
  return db
    .select({ vehicle: vehicles, owner: users })
    .from(vehicles)
    .innerJoin(users, eq(users.id, vehicles.ownerId))
    .where(and(filter, reachable(db)))
    .orderBy(...reachableOrder);
}

/**
 * The reachable registrations whose `filter` is the value asked for, verified first, then household,
 * then oldest: built and prepared once, as every search, message and call reads them.
 */
export function preparedReachableBy(
  db: Db,
  filter: RegistrationFilter,
): (value: string) => Promise<Registration[]> {
  const query = reachableWhere(db, eq(filterColumns[filter], sql.placeholder('value'))).prepare(
    `reachable_registrations_by_${filter}`,
  );
  return (value) => query.execute({ value });
}

/** One rate-limit counter of a search: its key, window and the most hits it allows in the window. */
export interface SearchLimit {
  key: string;
  windowMs: number;
  max: number;
}

export interface CountedSearch {
  /** The limit the search exceeds (the long one when both) and the milliseconds until it allows one more. */
  exceeded: { limit: 'short' | 'long'; retryAfterMs: number } | null;
  /** Empty when a limit is exceeded. */
  found: Registration[];
}

/**
 * The owner search in one round trip: counts the hit of both rate-limit keys (`countHit`: a short and
 * a long window) and, while both counts are within their limits, finds the reachable registrations of
 * the number; built and prepared once.
 */
export function preparedCountedReachableByNumber(
  db: Db,
): (search: { limits: [SearchLimit, SearchLimit]; vehicleNumber: string }) => Promise<CountedSearch> {
  const p = (name: string) => sql.placeholder(name);
  const short = db.$with('counted').as(countHit(db, p('key'), p('windowMs')));
  const long = db
    .$with('counted_long')
    .as(countHit(db, p('longKey'), p('longWindowMs'), { ttlAs: 'long_ttl' }));
  const query = db
    .with(short, long)
    .select({
      current: short.current,
      ttl: short.ttl,
      longCurrent: long.current,
      longTtl: long.ttl,
      vehicle: vehicles,
      owner: users,
    })
    .from(short)
    .crossJoin(long)
    .leftJoin(
      vehicles,
      and(
        lte(short.current, p('max')),
        lte(long.current, p('longMax')),
        eq(vehicles.vehicleNumber, p('vehicleNumber')),
        reachable(db),
      ),
    )
    .leftJoin(users, eq(users.id, vehicles.ownerId))
    .orderBy(...reachableOrder)
    .prepare('counted_reachable_registrations_by_number');
  return async ({ limits: [shortLimit, longLimit], vehicleNumber }) => {
    const rows = await query.execute({
      ...shortLimit,
      longKey: longLimit.key,
      longWindowMs: longLimit.windowMs,
      longMax: longLimit.max,
      vehicleNumber,
    });
    const [first] = rows;
    if (!first) throw new Error('rate limit: the counter was not written');
    const found = rows.flatMap(({ vehicle, owner }) => (vehicle && owner ? [{ vehicle, owner }] : []));
    if (first.longCurrent > longLimit.max) {
      return { exceeded: { limit: 'long', retryAfterMs: ttlMs(first.longTtl) }, found };
    }
    if (first.current > shortLimit.max) {
      return { exceeded: { limit: 'short', retryAfterMs: ttlMs(first.ttl) }, found };
    }
    return { exceeded: null, found };
  };
}
