/** Column helpers the tables share. */
import { check, timestamp, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';

export const timestamptz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** A CHECK that a text column holds one of the values `common/` allows (null passes, as in SQL). */
export function oneOf(name: string, column: AnyPgColumn, values: readonly string[]) {
  const list = values.map((value) => `'${value.replaceAll("'", "''")}'`).join(', ');
  return check(name, sql`${column} in (${sql.raw(list)})`);
}
