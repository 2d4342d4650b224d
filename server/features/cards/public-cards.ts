import { createHash } from 'node:crypto';
import type { I18n } from '@lingui/core';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod/mini';
import type { cardCallPayload, CardRequestCreated, cardRequestPayload, PublicCard } from '#common/card-api';
import { templateText } from '#common/message-templates';
import { maskedVehicleNumber, plateFourDigits } from '#common/vehicle-number';
import type { UserRow, VehicleCardRow, VehicleRow } from '../../db/schema';
import { textsFor } from '../../i18n/texts';
import { toServerNotification } from '../../lib/api-shapes';
import { placeRecordedCall, preparedRecordCall } from '../../lib/call-records';
import {
  badRequest,
  conflict,
  HttpError,
  notFound,
  tooManyRequests,
  type ClientText,
} from '../../lib/http-error';
import { callsUnavailable, maskedCallTo } from '../../lib/masked-call';
import type { PhoneCodes } from '../../lib/phone-codes';
import { requestPushData } from '../../lib/push-data';
import { countHit, ttlMs } from '../../lib/rate-limit-count';
import { preparedReachableBy } from '../../lib/reachable-registrations';
import {
  CALLER_CALL_WINDOWS,
  cardCallRule,
  cardMessageRule,
  newRequestRow,
  preparedCheckedSend,
} from '../../lib/send-rule/send-rule';
import { preparedReceiverWindowFull } from '../../lib/send-rule/receiver-window';
import { issueStatusToken } from '../../lib/status-tokens';
import { isPaused } from '../../lib/vehicle-cards';
import { liveCardByCode } from './repository';

const HOUR_MS = 60 * 60_000;
/** Tries one address may make at one card in 10 minutes. */
const SENDS_PER_ADDRESS_AND_CARD = 3;
const ADDRESS_AND_CARD_WINDOW_MS = 10 * 60_000;

/** A card's vehicle and owner, when the card is live and its registration reachable. */
export interface CardTarget {
  card: VehicleCardRow;
  vehicle: VehicleRow;
  owner: UserRow;
}

/** What a stranger sends through a card, as validated by `cardRequestPayload`, and from where. */
export type CardSend = Omit<z.output<typeof cardRequestPayload>, 'language'> & {
  code: string;
  /** The client address, as the limits count it. */
  address: string;
};

export interface PublicCards {
  /** The card's vehicle and owner; undefined for an unknown, rotated or turned-off card. */
  target(code: string): Promise<CardTarget | undefined>;
  /** All a stranger learns of a card: vehicle type, masked plate, whether a call or message can go now. */
  describe(code: string, i18n: I18n): Promise<PublicCard | undefined>;
  /**
   * Sends a stranger's request through a card, under its limits and the send rule; throws the HttpError
   * the stranger is told (404 unknown card, 429 past a limit, 409 paused, 400 wrong plate digits).
   */
  send(input: CardSend): Promise<CardRequestCreated>;
  /**
   * Places a masked call from a card to its owner: the stranger's phone, proven by its one-time code,
   * rings first. Throws the HttpError the stranger is told (404, 409 paused or owner not taking calls,
   * 503 no provider, 400 wrong code, 429 past a limit).
   */
  call(input: CardCall, i18n: I18n): Promise<void>;
  /**
   * Refuses, before a code is texted for a call through the card, unless the call could go now: 404 for
   * no live card, 409 (with the reason) for a paused card, no calls configured, an owner who takes no
   * calls or is in quiet hours, or the owner's call window full.
   */
  checkCallCouldGo(code: string, i18n: I18n): Promise<void>;
}

/** A masked call a stranger asks for through a card, as validated by `cardCallPayload`, and from where. */
export type CardCall = Omit<z.output<typeof cardCallPayload>, 'language'> & { code: string; address: string };

const CARD_NOT_FOUND: ClientText = (i18n) => i18n._('server.cards.notFound');

/**
 * What the stranger's side of a windscreen card does, for its JSON API and its HTML form alike.
 * Every try counts against the limits (a wrong plate guess too), in the database across instances.
 */
export function publicCards(app: FastifyInstance, codes: PhoneCodes): PublicCards {
  const { db, countersDb } = app.database;
  const reachableByVehicle = preparedReachableBy(db, 'vehicleId');
  const checkedSend = preparedCheckedSend(db);
  const { keyPrefix } = app.config.rateLimitStore;
  const limits = app.config.cardSendLimits;
  const recordCall = preparedRecordCall(db, cardCallRule(app.config.callsPerReceiverHour));
  const receiverWindowFull = preparedReceiverWindowFull(db, cardCallRule(app.config.callsPerReceiverHour));

  async function target(code: string): Promise<CardTarget | undefined> {
    const card = await liveCardByCode(db, code);
    const [registration] = card ? await reachableByVehicle(card.vehicleId) : [];
    return card && registration && { card, ...registration };
  }

  async function count(key: string, windowMs: number, max: number, text: ClientText): Promise<void> {
    const [hit] = await countHit(countersDb, `${keyPrefix}${key}`, windowMs);
    if (hit && hit.current > max) throw tooManyRequests(text, ttlMs(hit.ttl) / 1000);
  }

  return {
    target,

    async describe(code, i18n) {
      const found = await target(code);
      if (!found) return undefined;
      const now = app.deps.now();
      return {
        vehicleType: found.vehicle.vehicleType,
        maskedNumber: maskedVehicleNumber(found.vehicle.vehicleNumber),
        callAvailable: maskedCallTo(found.owner, app.deps.telephony !== null, now, i18n).available,
        paused: isPaused(found.card, now),
      };
    },

    async send({ code, address, plateLast4, templateKey, text }) {
      const tooMany: ClientText = (i18n) => i18n._('server.cards.tooManySends');
      await count(`card-address:${address}`, HOUR_MS, limits.perAddressHour, tooMany);
      const found = await target(code);
      if (!found) throw notFound(CARD_NOT_FOUND);
      const { card, vehicle, owner } = found;
      await count(`card:${card.id}`, HOUR_MS, limits.perCardHour, (i18n) =>
        i18n._('server.cards.tooManyToCard'),
      );
      await count(
        `card-address:${card.id}:${address}`,
        ADDRESS_AND_CARD_WINDOW_MS,
        SENDS_PER_ADDRESS_AND_CARD,
        tooMany,
      );
      const now = app.deps.now();
      if (isPaused(card, now)) throw conflict((i18n) => i18n._('server.cards.paused'));
      if (plateFourDigits(vehicle.vehicleNumber) !== plateLast4) {
        throw badRequest((i18n) => i18n._('server.cards.wrongPlate'));
      }
      const plate = vehicle.vehicleNumber.toUpperCase();
      const row = newRequestRow(
        {
          senderId: null,
          via: 'card',
          receiverId: owner.id,
          vehicleId: vehicle.id,
          kind: 'message',
          title: `Message about ${plate}`,
          content: templateKey ? templateText(textsFor('en'), templateKey, plate) : (text ?? ''),
          templateKey: templateKey ?? null,
          vehicleNumber: vehicle.vehicleNumber,
        },
        now,
      );
      const forOwner = toServerNotification(row, null, textsFor(owner.language));
      const bus = app.notificationBus;
      const refusal = await checkedSend(row, cardMessageRule, bus.announcement(owner.id, forOwner));
      // The card's rule has no sender to block and no window of its own: nothing it could refuse.
      if (refusal) throw new Error(`a card message was refused: ${refusal.refused}`);
      bus.publish({
        kind: 'notification',
        userId: owner.id,
        notification: forOwner,
        push: requestPushData(forOwner, owner, now),
        announced: true,
      });
      return { requestId: row.id, statusToken: await issueStatusToken(db, row.id, now) };
    },

    async checkCallCouldGo(code, i18n) {
      const found = await target(code);
      if (!found) throw notFound(CARD_NOT_FOUND);
      const now = app.deps.now();
      if (isPaused(found.card, now)) throw conflict((i18n) => i18n._('server.cards.paused'));
      const availability = maskedCallTo(found.owner, app.deps.telephony !== null, now, i18n);
      if (!availability.available) throw conflict(availability.reason);
      if ((await receiverWindowFull(found.owner.id, now)) !== null) {
        throw conflict((i18n) => i18n._('server.calls.receiverLimit'));
      }
    },

    async call({ code, address, phone, otp }, i18n) {
      await count(`card-address:${address}`, HOUR_MS, limits.perAddressHour, (i18n) =>
        i18n._('server.cards.tooManySends'),
      );
      const found = await target(code);
      if (!found) throw notFound(CARD_NOT_FOUND);
      const { card, vehicle, owner } = found;
      const now = app.deps.now();
      if (isPaused(card, now)) throw conflict((i18n) => i18n._('server.cards.paused'));
      const { telephony } = app.deps;
      if (!telephony) throw new HttpError(503, callsUnavailable);
      const availability = maskedCallTo(owner, true, now, i18n);
      if (!availability.available) throw conflict(availability.reason);
      const windowFullForMs = await receiverWindowFull(owner.id, now);
      if (windowFullForMs !== null) {
        throw tooManyRequests((i18n) => i18n._('server.calls.receiverLimit'), windowFullForMs / 1000);
      }
      // Checked only once the call could go, so a refusal above does not spend the stranger's code.
      if (!(await codes.verify(phone, otp))) throw badRequest((i18n) => i18n._('server.auth.invalidCode'));
      // The caller's windows of the call rule, counted by the proven phone (a stranger has no account).
      const caller = createHash('sha256').update(`card-caller:${phone}`).digest('base64url');
      const { perCaller, perPair } = CALLER_CALL_WINDOWS;
      await count(`card-caller:${caller}`, perCaller.ms, perCaller.max, (i18n) =>
        i18n._('server.calls.callerLimit'),
      );
      await count(`card-caller:${caller}:${owner.id}`, perPair.ms, perPair.max, (i18n) =>
        i18n._('server.calls.pairLimit'),
      );
      const row = await recordCall(
        {
          senderId: null,
          via: 'card',
          receiverId: owner.id,
          vehicleId: vehicle.id,
          vehicleNumber: vehicle.vehicleNumber,
        },
        now,
      );
      await placeRecordedCall(db, telephony, app.log, row.id, { caller: phone, callee: owner.phone });
      const notification = toServerNotification(row, null, textsFor(owner.language));
      app.notificationBus.publish({
        kind: 'notification',
        userId: owner.id,
        notification,
        push: requestPushData(notification, owner, now),
      });
    },
  };
}
