import type { I18n } from '@lingui/core';
import { eq } from 'drizzle-orm';
import type { SentRequest, ServerNotification } from '#common/api';
import type { Db } from '../../db/database';
import {
  requests,
  type ReceivedRequestRow,
  type RequestRow,
  type RequestVia,
  type UserRow,
} from '../../db/schema';
import { textsFor } from '../../i18n/texts';
import type { LiveNotificationBus } from '../live/bus';
import { toServerNotification, type RequestPhoto, type ShownSender } from '../api-shapes';
import { requestPushData } from './push-data';
import { toSentRequest } from './sender-view';
import {
  newRequestRow,
  preparedCheckedSend,
  type NoteRefusal,
  type SendRefusal,
  type SendRule,
} from './send-rule/send-rule';
import type { StrangerIdentity } from '../strangers/identity';

/** Who reaches an owner: an account, or a stranger known only by hashes of what they proved. */
export type RequestSender = { account: UserRow } | { stranger: StrangerIdentity };

/** What a request says and what it is about; the send rule and the store fill the rest of its row. */
export type RequestContent = Pick<
  RequestRow,
  'kind' | 'vehicleId' | 'vehicleNumber' | 'title' | 'content' | 'templateKey'
>;

export interface Reaching {
  from: RequestSender;
  to: UserRow;
  request: RequestContent;
  /** The windows it is checked against (send-rule.ts). */
  rule: SendRule;
  /** The way it came when that is not the app (`card`). */
  via?: RequestVia;
  /**
   * A note that waited for its number: the request is its row, which gets its receiver, keeping the
   * id its sender follows it by and the time it was left.
   */
  waited?: RequestRow;
  /** A photo that comes with it: shown to the receiver once `beforeAnnounce` has kept it. */
  photo?: RequestPhoto | null;
  /**
   * What must happen after the request is stored and before anyone is told of it (keep its photo,
   * place its call). When it throws, the request is forgotten, as if never sent, and the error goes on.
   */
  beforeAnnounce?: (row: RequestRow) => Promise<void>;
}

/** A stored request: its row, and the request as its sender sees it, in the sender's language. */
export interface Reached {
  row: RequestRow;
  sentView(i18n: I18n): SentRequest;
  /** What the receiver is shown, in another reader's language (the sender's confirmation). */
  shownIn(i18n: I18n): ServerNotification;
}

export type ReachOutcome = { refused: SendRefusal } | Reached;

export const wasRefused = (outcome: ReachOutcome): outcome is { refused: SendRefusal } =>
  'refused' in outcome;

interface ReachDeps {
  db: Db;
  bus: LiveNotificationBus;
  now: () => Date;
}

/** A note left for a number nobody reachable has registered yet: a request with no receiver yet. */
export interface Waiting {
  senderId: string;
  request: Omit<RequestContent, 'vehicleId' | 'vehicleNumber'> & { vehicleNumber: string };
  /** The windows it is checked against (`leftNoteRule`). */
  rule: SendRule;
  at: Date;
  /** Until when it waits for a receiver; null for a slip's note that waits for nothing. */
  until: Date | null;
  /** The wiper slip it was attached to, if any. */
  slipId: string | null;
}

export interface RequestReach {
  /**
   * The one way every request reaches an owner: account messages, notifications, photos and calls,
   * a card's message and call, a waiting note when it is delivered. Builds the row, checks it against
   * the send rule and stores it with who a stranger sender is in one round trip (announced in the same
   * statement unless something must happen first), hands it to the live channel and push in the
   * receiver's language, and returns the sender's view, or the refusal.
   */
  reach(reaching: Reaching): Promise<ReachOutcome>;
  /**
   * Stores a note for a number as a request with no receiver, checked under the same lock (one of
   * the sender's notes waits for a number; the rule's windows); `reach` with it as `waited` delivers it.
   * A wiper slip's note that waits for nothing (`until` null) is stored the same way, unchecked.
   */
  wait(waiting: Waiting): Promise<{ left: RequestRow } | { refused: NoteRefusal }>;
  /** Announces a stored request to its receiver again, as a reminder. */
  remind(row: ReceivedRequestRow, receiver: Receiver, sender: ShownSender | null): void;
}

/** What announcing a request needs of its receiver: their language and quiet hours. */
type Receiver = Pick<UserRow, 'language' | 'quietStart' | 'quietEnd'>;

export function requestReach({ db, bus, now }: ReachDeps): RequestReach {
  const checkedSend = preparedCheckedSend(db);

  function publish(
    receiverId: string,
    receiver: Receiver,
    notification: ServerNotification,
    announced: boolean,
    pushTitle?: string,
  ): void {
    const push = requestPushData(notification, receiver, now());
    bus.publish({
      kind: 'notification',
      userId: receiverId,
      notification,
      push: pushTitle === undefined ? push : { ...push, title: pushTitle },
      announced,
    });
  }

  return {
    async reach({ from, to, request, rule, via, waited, photo = null, beforeAnnounce }) {
      const account = 'account' in from ? from.account : null;
      const row = waited
        ? { ...waited, ...request, receiverId: to.id }
        : newRequestRow(
            { ...request, senderId: account?.id ?? null, receiverId: to.id, via: via ?? null },
            now(),
          );
      const forReceiver = toServerNotification(row, account, textsFor(to.language), photo);
      const announceNow = beforeAnnounce === undefined;
      const refusal = await checkedSend(
        row,
        rule,
        announceNow ? bus.announcement(to.id, forReceiver) : null,
        'stranger' in from ? from.stranger : undefined,
      );
      if (refusal?.refused === 'open') throw new Error('only a note for a number can be refused as open');
      if (refusal) return { refused: refusal };
      try {
        await beforeAnnounce?.(row);
      } catch (error) {
        await db.delete(requests).where(eq(requests.id, row.id));
        throw error;
      }
      publish(to.id, to, forReceiver, announceNow);
      // Only a request about a vehicle names it to its sender: a notification names none (SPEC §7).
      const vehicleNumber = row.vehicleId === null ? null : row.vehicleNumber;
      return {
        row,
        sentView: (i18n) =>
          toSentRequest(
            {
              request: row,
              vehicleNumber,
              receiptsShared: to.shareReadReceipts,
              fallbacks: [],
              fromNote: waited !== undefined,
            },
            i18n,
          ),
        shownIn: (i18n) => toServerNotification(row, account, i18n, photo),
      };
    },

    async wait({ senderId, request, rule, at, until, slipId }) {
      const row = {
        ...newRequestRow({ ...request, senderId, receiverId: null, vehicleId: null }, at),
        expiresAt: until,
        slipId,
      };
      const refusal = await checkedSend(row, rule, null);
      return refusal ? { refused: refusal } : { left: row };
    },

    remind(row, receiver, sender) {
      const i18n = textsFor(receiver.language);
      const notification = toServerNotification(row, sender, i18n);
      publish(
        row.receiverId,
        receiver,
        notification,
        false,
        i18n._('server.request.reminderTitle', { title: notification.title }),
      );
    },
  };
}
