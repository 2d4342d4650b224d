import { eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Config } from '../../config';
import type { Db } from '../../db/database';
import { templateText } from '#common/message-templates';
import { users, vehicles, type UserRow } from '../../db/schema';
import { textsFor } from '../../i18n/texts';
import { wasRefused, type RequestReach } from '../requests/reach';
import { userTopic } from '../live/topics';
import { preparedReachableBy, type Registration } from '../requests/reachability';
import {
  leftNoteRule,
  slipOnlyNoteRule,
  waitingNoteRule,
  type SendRule,
} from '../requests/send-rule/send-rule';
import type { SlipNoteRow } from '../requests/sender-view';
import { forgetReleasesBefore, heldAloneSince, soleHolderSince } from './holds';
import {
  claimWaitingNotes,
  numbersWithNotesFor,
  waitingNoteRefusal,
  type LeaveOutcome,
  type NewWaitingNote,
  type NoteRow,
} from './notes';
import { DAY_MS, HOUR_MS } from '#common/durations';

/** English, as every request stores its text; each reader gets a suggested text in their language. */
const STORED_TEXTS = textsFor('en');

/**
 * Leaves notes for numbers and delivers them: every open note for a number goes, its row getting its
 * receiver (same id, same time), to the registration of it that receives notes, through the send rule; in
 * the bell, live and by push, and its sender sees it move on. With an RC provider configured, only a
 * verified registration receives them; without one, only a registration that has held the number
 * alone for the hold (`holdHours`; 0: the first reachable one as soon as it is registered). The one
 * place notes are delivered: every way of leaving one comes here.
 */
export class WaitingNoteDelivery {
  private readonly reachableByNumber: ReturnType<typeof preparedReachableBy>;

  constructor(
    private readonly db: Db,
    private readonly bus: FastifyInstance['notificationBus'],
    private readonly requests: RequestReach,
    private readonly now: () => Date,
    private readonly log: FastifyBaseLogger,
    private readonly settings: { limits: Config['waitingNotes']; verifiedOnly: boolean },
  ) {
    this.reachableByNumber = preparedReachableBy(db, 'vehicleNumber');
  }

  /**
   * Leaves a note, as a request with no receiver yet (one waiting for a number at a time, the day's
   * limit), and delivers it at once when its number already has a registration to receive it.
   */
  async leave(note: NewWaitingNote): Promise<LeaveOutcome> {
    const now = this.now();
    const expiresAt = new Date(now.getTime() + this.settings.limits.days * DAY_MS);
    const outcome = await this.store(note, now, expiresAt, leftNoteRule(this.settings.limits), null);
    if ('refused' in outcome) return waitingNoteRefusal(outcome.refused);
    await this.deliverFor(note.vehicleNumber);
    return { left: { ...outcome.left, vehicleNumber: note.vehicleNumber, expiresAt } };
  }

  /**
   * Stores the note of a wiper slip: it also waits for its number, as a note left for it, unless the
   * sender has one waiting for that number or left their day's; then it waits for nothing and only
   * the slip's reader can answer it. Resolves with the note as stored (before any delivery).
   */
  async leaveOnSlip(note: NewWaitingNote, slipId: string): Promise<SlipNoteRow> {
    const now = this.now();
    const expiresAt = new Date(now.getTime() + this.settings.limits.days * DAY_MS);
    const waits = await this.store(note, now, expiresAt, leftNoteRule(this.settings.limits), slipId);
    if (!('refused' in waits)) {
      await this.deliverFor(note.vehicleNumber);
      return { ...waits.left, vehicleNumber: note.vehicleNumber, slipId };
    }
    const kept = await this.store(note, now, null, slipOnlyNoteRule, slipId);
    if ('refused' in kept) throw new Error(`a slip's note was refused: ${kept.refused.refused}`);
    return { ...kept.left, vehicleNumber: note.vehicleNumber, slipId };
  }

  private store(note: NewWaitingNote, now: Date, until: Date | null, rule: SendRule, slipId: string | null) {
    const { vehicleNumber } = note;
    const plate = vehicleNumber.toUpperCase();
    const templateKey = note.templateKey ?? null;
    return this.requests.wait({
      senderId: note.senderId,
      request: {
        kind: 'message',
        title: `Message about ${plate}`,
        content: templateKey ? templateText(STORED_TEXTS, templateKey, plate) : (note.text ?? ''),
        templateKey,
        vehicleNumber,
      },
      rule,
      at: now,
      until,
      slipId,
    });
  }

  /**
   * Delivers the notes waiting for the number, when a registration of it can receive them; called
   * after every change that may make one reachable. A failure is logged, never thrown: the change
   * that called it has happened.
   */
  async deliverFor(vehicleNumber: string): Promise<void> {
    try {
      const now = this.now();
      const receiving = await this.receivingRegistration(vehicleNumber, now);
      if (!receiving) return;
      const claimed = await claimWaitingNotes(this.db, vehicleNumber, receiving.owner.id, now);
      if (claimed.length === 0) return;
      const senders = await this.sendersOf(claimed);
      for (const note of claimed) {
        const sender = note.senderId === null ? undefined : senders.get(note.senderId);
        if (sender) await this.deliver(note, sender, receiving);
      }
    } catch (error) {
      this.log.error({ err: error, vehicleNumber }, 'delivering waiting notes failed');
    }
  }

  /**
   * Delivers every note whose number has a registration to receive it now: a registration's hold ends
   * without anyone acting, so a periodic job calls this. Then forgets the numbers given up before the
   * hold, which no longer restart it.
   */
  async deliverDue(): Promise<void> {
    const now = this.now();
    for (const vehicleNumber of await numbersWithNotesFor(this.db, this.ready(now), now)) {
      await this.deliverFor(vehicleNumber);
    }
    await forgetReleasesBefore(this.db, new Date(now.getTime() - this.holdMs));
  }

  private get holdMs(): number {
    return this.settings.limits.holdHours * HOUR_MS;
  }

  /** What a registration must be to receive notes at `now` (a condition on `vehicles`). */
  private ready(now: Date): SQL {
    if (this.settings.verifiedOnly) return eq(vehicles.verified, true);
    if (this.holdMs === 0) return sql`true`;
    return heldAloneSince(this.db, new Date(now.getTime() - this.holdMs));
  }

  private async receivingRegistration(vehicleNumber: string, now: Date): Promise<Registration | undefined> {
    const registrations = await this.reachableByNumber(vehicleNumber);
    if (this.settings.verifiedOnly) return registrations.find(({ vehicle }) => vehicle.verified);
    if (this.holdMs === 0) return registrations[0];
    const holder = await soleHolderSince(this.db, vehicleNumber, new Date(now.getTime() - this.holdMs));
    return registrations.find(({ vehicle }) => vehicle.id === holder);
  }

  private async sendersOf(notes: NoteRow[]): Promise<Map<string, UserRow>> {
    const ids = [...new Set(notes.flatMap((note) => (note.senderId === null ? [] : [note.senderId])))];
    const rows = await this.db.select().from(users).where(inArray(users.id, ids));
    return new Map(rows.map((row) => [row.id, row]));
  }

  private async deliver(note: NoteRow, sender: UserRow, { vehicle, owner }: Registration): Promise<void> {
    const { kind, title, content, templateKey, vehicleNumber } = note;
    const outcome = await this.requests.reach({
      from: { account: sender },
      to: owner,
      request: { vehicleId: vehicle.id, kind, title, content, templateKey, vehicleNumber },
      rule: waitingNoteRule,
      // The note's row gets its receiver: the sender follows it by its id and it keeps its time.
      waited: note,
    });
    if (wasRefused(outcome)) {
      this.log.info({ noteId: note.id, refusal: outcome.refused }, 'a waiting note was not delivered');
      return;
    }
    this.bus.publish({
      kind: 'request',
      topic: userTopic(sender.id),
      request: outcome.sentView(textsFor(sender.language)),
      push: null,
    });
  }
}
