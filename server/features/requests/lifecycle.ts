import type { FastifyBaseLogger } from 'fastify';
import type { PushData } from '#common/api';
import { replyStatusText } from '#common/replies';
import type { Db } from '../../db/database';
import { textsFor } from '../../i18n/texts';
import { toPushData, toServerNotification } from '../../lib/api-shapes';
import { languagesOf } from '../../lib/user-languages';
import type { FastifyInstance } from 'fastify';
import { claimReminders, markDelivered, markSeen, sendersById, type ChangedRequest } from './repository';

/** How often each instance looks for requests due a reminder: well within the promised 15 s. */
const REMINDER_SWEEP_MS = 5000;

/** Where a tap on a push about one of their requests takes the sender. */
const SENT_REQUESTS_URL = '/requests';

/**
 * The push a sender gets when their request is answered, in the sender's language:
 * "KL07AB1234: Coming in 5 minutes".
 */
function answerPush({ row, request, senderLanguage }: ChangedRequest): PushData | null {
  if (!request.reply) return null;
  const status = replyStatusText(textsFor(senderLanguage), request.reply.kind);
  return {
    notificationId: `reply-${row.id}`,
    title: request.vehicleNumber ? `${request.vehicleNumber}: ${status}` : status,
    body: request.reply.text ?? request.content,
    senderName: '',
    sentAt: request.reply.at,
    url: SENT_REQUESTS_URL,
    silent: false,
    language: senderLanguage,
  };
}

/** Moves requests along sent → delivered → seen → answered, tells their senders, and sends reminders. */
export class RequestLifecycle {
  private sweepTimer: NodeJS.Timeout | null = null;
  private sweeping: Promise<void> | null = null;

  constructor(
    private readonly db: Db,
    private readonly bus: FastifyInstance['notificationBus'],
    private readonly now: () => Date,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Tells the request's sender (live; by push too when it was answered). */
  tellSender(changed: ChangedRequest, { answered = false } = {}): void {
    if (!changed.row.senderId) return;
    this.bus.publishRequest(changed.row.senderId, changed.request, answered ? answerPush(changed) : null);
  }

  /** The request reached a live stream or a device of its receiver. */
  delivered(notificationId: string): void {
    markDelivered(this.db, notificationId, this.now()).then(
      (changed) => changed && this.tellSender(changed),
      (error: unknown) => this.log.error({ err: error, notificationId }, 'recording a delivery failed'),
    );
  }

  async seen(receiverId: string, ids: string[]): Promise<void> {
    for (const changed of await markSeen(this.db, receiverId, ids, this.now())) this.tellSender(changed);
  }

  startReminders(afterS: number): void {
    const every = Math.min(REMINDER_SWEEP_MS, afterS * 1000);
    this.sweepTimer = setInterval(() => {
      this.sweeping ??= this.sendReminders(afterS).finally(() => (this.sweeping = null));
    }, every);
    this.sweepTimer.unref();
  }

  async close(): Promise<void> {
    if (this.sweepTimer) clearInterval(this.sweepTimer);
    await this.sweeping;
  }

  /**
   * Claims the requests due a reminder (one instance gets each) and pushes each to its receiver again,
   * in the receiver's language.
   */
  private async sendReminders(afterS: number): Promise<void> {
    try {
      const claimed = await claimReminders(this.db, afterS, this.now());
      const languageOf = await languagesOf(
        this.db,
        claimed.map(({ row }) => row.receiverId),
      );
      const senders = await sendersById(
        this.db,
        claimed.map(({ row }) => row.senderId),
      );
      for (const changed of claimed) {
        const { row } = changed;
        const sender = row.senderId ? senders.get(row.senderId) : undefined;
        const language = languageOf(row.receiverId);
        const i18n = textsFor(language);
        const notification = toServerNotification(row, sender ?? null, i18n);
        this.bus.publish(row.receiverId, notification, {
          ...toPushData(notification, language),
          title: i18n._('server.request.reminderTitle', { title: notification.title }),
        });
        this.tellSender(changed);
      }
    } catch (error) {
      this.log.error({ err: error }, 'sending reminders failed');
    }
  }
}
