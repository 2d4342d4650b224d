import { inArray } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Config } from '../../config';
import type { Db } from '../../db/database';
import { users, type UserRow, type WaitingNoteRow } from '../../db/schema';
import { textsFor } from '../../i18n/texts';
import { toServerNotification } from '../api-shapes';
import { requestPushData } from '../push-data';
import { preparedReachableBy, type Registration } from '../reachable-registrations';
import { newRequestRow, preparedCheckedSend, waitingNoteRule } from '../send-rule/send-rule';
import { toSentRequest } from '../sent-requests';
import {
  claimWaitingNotes,
  leaveWaitingNote,
  noteContent,
  type LeaveOutcome,
  type NewWaitingNote,
} from './notes';

/** English, as every request stores its text; each reader gets a suggested text in their language. */
const STORED_TEXTS = textsFor('en');

/**
 * Leaves notes for numbers and delivers them: every open note for a number goes, as a message with
 * the note's id and time, to the registration of it that became reachable (with an RC provider
 * configured, only a verified one), through the send rule; in the bell, live and by push, and its
 * sender sees it move on. The one place notes are delivered: every way of leaving one comes here.
 */
export class WaitingNoteDelivery {
  private readonly reachableByNumber: ReturnType<typeof preparedReachableBy>;
  private readonly checkedSend: ReturnType<typeof preparedCheckedSend>;

  constructor(
    private readonly db: Db,
    private readonly bus: FastifyInstance['notificationBus'],
    private readonly now: () => Date,
    private readonly log: FastifyBaseLogger,
    private readonly settings: { limits: Config['waitingNotes']; verifiedOnly: boolean },
  ) {
    this.reachableByNumber = preparedReachableBy(db, 'vehicleNumber');
    this.checkedSend = preparedCheckedSend(db);
  }

  /** Leaves a note, and delivers it at once when its number already has a registration to receive it. */
  async leave(note: Omit<NewWaitingNote, 'now'>): Promise<LeaveOutcome> {
    const outcome = await leaveWaitingNote(this.db, { ...note, now: this.now() }, this.settings.limits);
    if ('left' in outcome) await this.deliverFor(note.vehicleNumber);
    return outcome;
  }

  /**
   * Delivers the notes waiting for the number, when a registration of it can receive them; called
   * after every change that may make one reachable. A failure is logged, never thrown: the change
   * that called it has happened.
   */
  async deliverFor(vehicleNumber: string): Promise<void> {
    try {
      const registrations = await this.reachableByNumber(vehicleNumber);
      const receiving = registrations.find(({ vehicle }) => !this.settings.verifiedOnly || vehicle.verified);
      if (!receiving) return;
      const now = this.now();
      const claimed = await claimWaitingNotes(this.db, vehicleNumber, receiving.owner.id, now);
      if (claimed.length === 0) return;
      const senders = await this.sendersOf(claimed);
      for (const note of claimed) {
        const sender = senders.get(note.senderId);
        if (sender) await this.deliver(note, sender, receiving, now);
      }
    } catch (error) {
      this.log.error({ err: error, vehicleNumber }, 'delivering waiting notes failed');
    }
  }

  private async sendersOf(notes: WaitingNoteRow[]): Promise<Map<string, UserRow>> {
    const ids = [...new Set(notes.map((note) => note.senderId))];
    const rows = await this.db.select().from(users).where(inArray(users.id, ids));
    return new Map(rows.map((row) => [row.id, row]));
  }

  private async deliver(
    note: WaitingNoteRow,
    sender: UserRow,
    { vehicle, owner }: Registration,
    now: Date,
  ): Promise<void> {
    const plate = vehicle.vehicleNumber.toUpperCase();
    const row = {
      ...newRequestRow(
        {
          senderId: sender.id,
          receiverId: owner.id,
          vehicleId: vehicle.id,
          kind: 'message',
          title: `Message about ${plate}`,
          content: noteContent(note, STORED_TEXTS),
          templateKey: note.templateKey,
          vehicleNumber: vehicle.vehicleNumber,
        },
        note.createdAt,
      ),
      // The sender follows the note among their requests by its id: as a request it keeps it.
      id: note.id,
    };
    const forReceiver = toServerNotification(row, sender, textsFor(owner.language));
    const refusal = await this.checkedSend(
      row,
      waitingNoteRule,
      this.bus.announcement(owner.id, forReceiver),
    );
    if (refusal) {
      this.log.info({ noteId: note.id, refusal }, 'a waiting note was not delivered');
      return;
    }
    this.bus.publish({
      kind: 'notification',
      userId: owner.id,
      notification: forReceiver,
      push: requestPushData(forReceiver, owner, now),
      announced: true,
    });
    this.bus.publish({
      kind: 'request',
      userId: sender.id,
      request: {
        ...toSentRequest(row, vehicle.vehicleNumber, owner.shareReadReceipts, [], textsFor(sender.language)),
        waitingUntil: null,
        expired: false,
      },
      push: null,
    });
  }
}
