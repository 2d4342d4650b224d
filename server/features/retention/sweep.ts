import type { FastifyBaseLogger } from 'fastify';
import { lt, lte, sql } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Db } from '../../db/database';
import {
  requests,
  otpCodes,
  rateLimits,
  rcVerificationAttempts,
  requestImages,
  senderPauses,
  slips,
  strangerBlocks,
  vehicleChanges,
} from '../../db/schema';
import { RC_CHECK_WINDOW_MS, VEHICLE_CHANGE_WINDOW_MS } from '../../limits/cap-windows';
import { startPeriodicJob, type PeriodicJob } from '../../lib/periodic-job';
import { sweepWaitingNotes } from '../../domain/waiting-notes/notes';
import { DAY_MS, HOUR_MS } from '#common/durations';

/** How often each instance deletes what is past keeping: hours matter here, not seconds. */
export const RETENTION_SWEEP_MS = 10 * 60_000;

export interface Swept {
  codes: number;
  requests: number;
  waitingNotes: number;
  slips: number;
  photos: number;
  /** Pauses of senders that have ended (kept under a hash of the phone until then). */
  pauses: number;
  /** Blocks of windscreen cards' strangers that have ended (kept under hashes until then). */
  strangerBlocks: number;
  /** Vehicle changes, ownership checks and rate-limit counters past their windows. */
  counted: number;
}

/** How long the things kept for their own time are kept, in days. */
export interface SweptDays {
  waitingNotes: number;
  images: number;
}

/**
 * Deletes one-time codes (with the sign-up details a sign-up code carries) `codeHours` after they
 * expired, requests with their answers, photos and call records (calls are requests of kind `call`)
 * `requestDays` after they were sent (a note left for a number too, delivered or not), photos (with
 * the place sent with them) `days.images` after, waiting notes `days.waitingNotes` after they expired
 * without reaching anyone, and wiper
 * slips with their notes and answers `requestDays` after they were attached (a slip still unused is
 * the user's until the account goes), senders' pauses and owners' blocks of strangers once they
 * ended, and what the caps count once it counts for nothing: vehicle changes and ownership checks
 * past their windows, rate-limit counters whose window is over (by the database's clock, which
 * starts and ends those windows).
 */
export async function sweepExpired(
  db: Db,
  retention: Config['retention'],
  now: Date,
  days: SweptDays,
): Promise<Swept> {
  const codes = await db
    .delete(otpCodes)
    .where(lt(otpCodes.expiresAt, new Date(now.getTime() - retention.codeHours * HOUR_MS)))
    .returning({ id: otpCodes.id });
  const oldRequests = await db
    .delete(requests)
    .where(lt(requests.sentAt, new Date(now.getTime() - retention.requestDays * DAY_MS)))
    .returning({ id: requests.id });
  const waitingNotes = await sweepWaitingNotes(db, days.waitingNotes, now);
  const attachedSlips = await db
    .delete(slips)
    .where(lt(slips.attachedAt, new Date(now.getTime() - retention.requestDays * DAY_MS)))
    .returning({ id: slips.id });
  const photos = await db
    .delete(requestImages)
    .where(lt(requestImages.createdAt, new Date(now.getTime() - days.images * DAY_MS)))
    .returning({ id: requestImages.id });
  const pauses = await db
    .delete(senderPauses)
    .where(lte(senderPauses.pausedUntil, now))
    .returning({ phoneHash: senderPauses.phoneHash });
  const endedBlocks = await db
    .delete(strangerBlocks)
    .where(lte(strangerBlocks.blockedUntil, now))
    .returning({ hash: strangerBlocks.hash });
  const counted = await Promise.all([
    db
      .delete(vehicleChanges)
      .where(lt(vehicleChanges.changedAt, new Date(now.getTime() - VEHICLE_CHANGE_WINDOW_MS)))
      .returning({ id: vehicleChanges.id }),
    db
      .delete(rcVerificationAttempts)
      .where(lt(rcVerificationAttempts.attemptedAt, new Date(now.getTime() - RC_CHECK_WINDOW_MS)))
      .returning({ id: rcVerificationAttempts.id }),
    db
      .delete(rateLimits)
      .where(sql`${rateLimits.resetAt} <= now()`)
      .returning({ key: rateLimits.key }),
  ]);
  return {
    codes: codes.length,
    requests: oldRequests.length,
    waitingNotes,
    slips: attachedSlips.length,
    photos: photos.length,
    pauses: pauses.length,
    strangerBlocks: endedBlocks.length,
    counted: counted.reduce((sum, rows) => sum + rows.length, 0),
  };
}

/** Runs `sweepExpired` every RETENTION_SWEEP_MS on its own timer, one sweep at a time, until closed. */
export function startRetentionSweep(
  db: Db,
  retention: Config['retention'],
  now: () => Date,
  log: FastifyBaseLogger,
  days: SweptDays,
): PeriodicJob {
  return startPeriodicJob({
    name: 'the retention sweep',
    everyMs: RETENTION_SWEEP_MS,
    log,
    run: async () => {
      const swept = await sweepExpired(db, retention, now(), days);
      if (Object.values(swept).some((count) => count > 0))
        log.info(swept, 'retention sweep deleted expired data');
    },
  });
}
