import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { PushData, SentRequest } from '#common/api';
import type { Language } from '#common/languages';
import { replyStatusText, type ReplyKind } from '#common/replies';
import type { Db } from '../../db/database';
import { textsFor } from '../../i18n/texts';
import { requestTopic, userTopic } from '../../domain/live/topics';
import { flagRegistration } from '../../domain/requests/registration-flags';
import { markDelivered, markDeliveredTo, markSeen, recordReply } from './repository';
import type { AnswerOutcome, ChangedRequest } from '../../domain/requests/changed-request';

/** Where a tap on a push about one of their requests takes the sender. */
const SENT_REQUESTS_URL = '/requests';

/**
 * The push a sender gets when their request is answered, in the sender's language, saying whose answer
 * it is: "Reply from the owner of KL07AB1234", "Coming in 5 minutes".
 */
function answerPush(request: SentRequest, senderLanguage: Language, plate: string | null): PushData | null {
  if (!request.reply) return null;
  const i18n = textsFor(senderLanguage);
  const status = replyStatusText(i18n, request.reply.kind);
  const { text } = request.reply;
  return {
    notificationId: `reply-${request._id}`,
    title: plate
      ? i18n._('server.request.replyTitle', { plate })
      : i18n._('server.request.replyTitleWithoutPlate'),
    body: text ? i18n._('server.request.replyWithText', { status, text }) : status,
    senderName: '',
    sentAt: request.reply.at,
    url: SENT_REQUESTS_URL,
    silent: false,
    system: false,
    language: senderLanguage,
  };
}

/** Moves requests along sent → delivered → seen → answered and tells their senders. */
export class RequestLifecycle {
  constructor(
    private readonly db: Db,
    private readonly bus: FastifyInstance['notificationBus'],
    private readonly now: () => Date,
    private readonly log: FastifyBaseLogger,
  ) {}

  /**
   * Tells the request's sender (live; by push too when it was answered); one without an account
   * (`via` a card), through the stream of its status token.
   */
  tellSender(changed: ChangedRequest, { answered = false } = {}): void {
    if (changed.row.via) {
      this.bus.publish({ kind: 'request', topic: requestTopic(changed.row.id), request: changed.request });
      return;
    }
    if (!changed.row.senderId) return;
    if (answered) {
      // A request whose vehicle is gone still names the plate it was sent about.
      const plate = changed.request.vehicleNumber ?? changed.row.vehicleNumber?.toUpperCase() ?? null;
      this.tellAnswer(changed.row.senderId, changed.request, changed.senderLanguage, plate);
      return;
    }
    this.bus.publish({
      kind: 'request',
      topic: userTopic(changed.row.senderId),
      request: changed.request,
      push: null,
    });
  }

  /** Tells a sender their request was answered, live and by push: from the bell or from a wiper slip's page. */
  private tellAnswer(
    senderId: string,
    request: SentRequest,
    senderLanguage: Language,
    plate: string | null,
  ): void {
    this.bus.publish({
      kind: 'request',
      topic: userTopic(senderId),
      request,
      push: answerPush(request, senderLanguage, plate),
    });
  }

  /** Tells the sender of a delivery or a look, when the receiver shares that; silence tells nothing. */
  private tellReceipt(changed: ChangedRequest): void {
    if (changed.receiptsShared) this.tellSender(changed);
  }

  /** The request reached a live stream or a device of its receiver. */
  delivered(notificationId: string): void {
    markDelivered(this.db, notificationId, this.now()).then(
      (changed) => changed && this.tellReceipt(changed),
      (error: unknown) => this.log.error({ err: error, notificationId }, 'recording a delivery failed'),
    );
  }

  /** A device of the receiver showed these requests (the service worker displayed their push). */
  async deliveredTo(receiverId: string, ids: string[]): Promise<void> {
    for (const changed of await markDeliveredTo(this.db, receiverId, ids, this.now())) {
      this.tellReceipt(changed);
    }
  }

  async seen(receiverId: string, ids: string[]): Promise<void> {
    for (const changed of await markSeen(this.db, receiverId, ids, this.now())) this.tellReceipt(changed);
  }

  /**
   * The receiver's one answer, from the bell, a notification or the keypad of the fallback call: stored,
   * "Not my vehicle" flags the registration for its sender, and the sender is told live and by push.
   */
  async answer(
    receiverId: string,
    notificationId: string,
    reply: { kind: ReplyKind; text?: string | undefined },
  ): Promise<AnswerOutcome> {
    const now = this.now();
    const outcome = await recordReply(this.db, receiverId, notificationId, reply, now);
    if (outcome.kind !== 'answered') return outcome;
    const { row } = outcome.changed;
    if (reply.kind === 'not_my_vehicle' && row.vehicleId && row.senderId) {
      await flagRegistration(this.db, row.vehicleId, row.senderId, now);
    }
    this.tellSender(outcome.changed, { answered: true });
    return outcome;
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The request lifecycle; server/app.ts hands it the deliveries the live bus reports. */
    requestLifecycle: RequestLifecycle;
  }
}

/** `app.requestLifecycle`, for the request routes, the reminder sweep and the bus's deliveries. */
export default fp(
  async function requestLifecycle(app: FastifyInstance) {
    app.decorate(
      'requestLifecycle',
      new RequestLifecycle(app.database.db, app.notificationBus, app.deps.now, app.log),
    );
  },
  { name: 'request-lifecycle', dependencies: ['database', 'live-bus'] },
);
