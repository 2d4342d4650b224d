/**
 * Fills a freshly migrated database with a tier's population in a few bulk INSERT … SELECT FROM
 * generate_series statements, then signs in the load users by storing sessions the way
 * server/plugins/auth/session-store.ts does (only the SHA-256 of each token).
 */
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { GENDERS } from '#common/genders';
import { DISTRICT_CITIES } from '#common/districts';
import { VEHICLE_TYPES } from '#common/vehicle-types';
import type { Db } from '../server/db/database';
import { hashToken } from '../server/plugins/auth/session-store';
import {
  LOAD_USERS,
  NOTIFICATIONS_PER_VEHICLE,
  ownerCount,
  UNREAD_PER_LOAD_USER,
  userIdSql,
  VEHICLE_NUMBER_SQL,
  vehicleIdSql,
} from './population';

const textArray = (values: readonly string[]) => `array[${values.map((value) => `'${value}'`).join(',')}]`;
const DISTRICTS_SQL = textArray(Object.keys(DISTRICT_CITIES));
const CITIES_SQL = textArray(Object.values(DISTRICT_CITIES).map((cities) => cities[0]));
const pick = (array: string, count: number, column: string) => `(${array})[1 + ${column} % ${count}]`;

function statements(vehicles: number): string[] {
  const owners = ownerCount(vehicles);
  const districts = Object.keys(DISTRICT_CITIES).length;
  const background = Math.round(vehicles * NOTIFICATIONS_PER_VEHICLE);
  return [
    // Everyone agreed to the privacy notice at sign-up, as a new account does (no consent prompt).
    `insert into users (id, name, email, phone, gender, date_of_birth, district, city, phone_visible, created_at, consented_at)
     select ${userIdSql('i')}, 'Owner ' || i, 'owner' || i || '@example.in', '9' || lpad(i::text, 9, '0'),
       ${pick(textArray(GENDERS), GENDERS.length, 'i')}, date '1960-01-01' + i % 15000,
       ${pick(DISTRICTS_SQL, districts, 'i')}, ${pick(CITIES_SQL, districts, 'i')},
       i % 5 <> 0, now() - make_interval(secs => i), now() - make_interval(secs => i)
     from generate_series(1, ${owners}) as i`,
    `insert into vehicles (id, owner_id, name, vehicle_number, vehicle_type, is_active, created_at)
     select ${vehicleIdSql('i')}, ${userIdSql(`(i - 1) % ${owners} + 1`)}, 'Vehicle ' || i, ${VEHICLE_NUMBER_SQL},
       ${pick(textArray(VEHICLE_TYPES), VEHICLE_TYPES.length, 'i')}, true, now() - make_interval(secs => i)
     from generate_series(1, ${vehicles}) as i`,
    // Vehicle r (r ≤ owners) belongs to user r: each message is about one of the receiver's vehicles.
    `insert into notifications (receiver_id, sender_id, vehicle_id, kind, title, content, sent_at, read_at)
     select ${userIdSql('r')}, ${userIdSql(`r % ${owners} + 1`)}, ${vehicleIdSql('r')}, 'message',
       'Message about your vehicle', 'Your vehicle is blocking my gate. Please move it.',
       now() - interval '1 hour' - make_interval(mins => i % 100000),
       case when i % 2 = 0 then now() - interval '30 minutes' end
     from (select i, (i::bigint * 7919 % ${owners})::int + 1 as r from generate_series(1, ${background}) as i) as spread`,
    `insert into notifications (receiver_id, sender_id, vehicle_id, kind, title, content, sent_at)
     select ${userIdSql('k')}, ${userIdSql('k + 1')}, ${vehicleIdSql('k')}, 'message',
       'Message about your vehicle', 'Your vehicle is blocking my gate. Please move it.',
       now() - interval '1 hour' - make_interval(mins => n)
     from generate_series(1, ${LOAD_USERS}) as k, generate_series(1, ${UNREAD_PER_LOAD_USER}) as n`,
  ];
}

/** Seeds `vehicles` vehicles, their owners and notifications; answers the load users' bearer tokens. */
export async function seed(db: Db, vehicles: number): Promise<string[]> {
  if (ownerCount(vehicles) <= LOAD_USERS)
    throw new Error(`a tier needs more than ${LOAD_USERS * 2} vehicles`);
  for (const statement of statements(vehicles)) await db.execute(sql.raw(statement));
  const tokens = Array.from({ length: LOAD_USERS }, () => randomBytes(32).toString('base64url'));
  const rows = tokens.map(
    (token, index) => `('${hashToken(token)}', ${userIdSql(String(index + 1))}, now(), now())`,
  );
  await db.execute(
    sql.raw(`insert into sessions (token_hash, user_id, created_at, last_seen) values ${rows.join(',')}`),
  );
  // As autovacuum would after a bulk load: the planner needs the tables' statistics.
  await db.execute(sql.raw('analyze'));
  return tokens;
}
