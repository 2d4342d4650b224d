import { and, asc, desc, eq, exists, lte, not, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../db/database';
import { users, vehicles, type UserRow, type VehicleRow } from '../db/schema';
import { countHit, ttlMs } from './rate-limit-count';
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

export interface CountedSearch {
  /** The searcher's hits in the window, this one included. */
  current: number;
  /** Milliseconds left in the window. */
  ttlMs: number;
  /** Empty when `current` is over the limit. */
  found: Registration[];
}

/**
 * The owner search in one round trip: counts the hit of the rate-limit key (`countHit`) and, while the
 * count is within `max`, finds the reachable registrations of the number; built and prepared once.
 */
export function preparedCountedReachableByNumber(
  db: Db,
): (search: { key: string; windowMs: number; max: number; vehicleNumber: string }) => Promise<CountedSearch> {
  const counted = db.$with('counted').as(countHit(db, sql.placeholder('key'), sql.placeholder('windowMs')));
  const query = db
    .with(counted)
    .select({ current: counted.current, ttl: counted.ttl, vehicle: vehicles, owner: users })
    .from(counted)
    .leftJoin(
      vehicles,
      and(
        lte(counted.current, sql.placeholder('max')),
        eq(vehicles.vehicleNumber, sql.placeholder('vehicleNumber')),
        reachable(db),
      ),
    )
    .leftJoin(users, eq(users.id, vehicles.ownerId))
    .orderBy(...reachableOrder)
    .prepare('counted_reachable_registrations_by_number');
  return async (search) => {
    const rows = await query.execute(search);
    const [first] = rows;
    if (!first) throw new Error('rate limit: the counter was not written');
    const found = rows.flatMap(({ vehicle, owner }) => (vehicle && owner ? [{ vehicle, owner }] : []));
    return { current: first.current, ttlMs: ttlMs(first.ttl), found };
  };
}
