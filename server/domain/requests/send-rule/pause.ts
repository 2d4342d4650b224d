import { createHash } from 'node:crypto';
import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { users } from '../../../db/schema';
import { forbidden } from '../../../lib/http-error';

/**
 * A pause is kept under this hash of the sender's phone, not under the account, so that deleting the
 * account does not lift it and an account registered again with the number starts paused.
 * `pauseKeyIn` computes the same value in SQL (migrations 0022 and 0026 too).
 */
export const pauseKey = (phone: string) => createHash('sha256').update(`sender-pause:${phone}`).digest('hex');

export const pauseKeyIn = (phone: SQLWrapper): SQL<string> =>
  sql<string>`encode(sha256(convert_to('sender-pause:' || ${phone}, 'UTF8')), 'hex')`;

/** The pause key of the account `userId` (a scalar subquery: null when there is no such account). */
export const pauseKeyOfUser = (userId: SQLWrapper | string): SQL<string> =>
  sql<string>`(select ${pauseKeyIn(users.phone)} from ${users} where ${users.id} = ${userId})`;

/** A paused sender's answer, the same for every way of reaching an owner: refused, and until when. */
export const pausedSender = (until: Date) =>
  forbidden((i18n) =>
    i18n._('server.sendRule.paused', {
      date: i18n.date(until, { dateStyle: 'long', timeZone: 'Asia/Kolkata' }),
    }),
  );
