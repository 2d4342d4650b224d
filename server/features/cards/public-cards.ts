import type { I18n } from '@lingui/core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod/mini';
import type { cardCallPayload, CardRequestCreated, cardRequestPayload, PublicCard } from '#common/card-api';
import { templateText } from '#common/message-templates';
import { maskedVehicleNumber, plateFourDigits } from '#common/vehicle-number';
import type { UserRow, VehicleCardRow, VehicleRow } from '../../db/schema';
import { textsFor } from '../../i18n/texts';
import { callRequest, placeCall } from '../../domain/requests/masked-calls';
import { callRefusals, reachedOrThrow, type RefusalTexts } from '../../domain/requests/refusals';
import { clientAddressKey } from '../../lib/client-address';
import {
  badRequest,
  conflict,
  forbidden,
  HttpError,
  notFound,
  tooManyRequests,
  type ClientText,
} from '../../lib/http-error';
import { callsUnavailable, maskedCallTo } from '../../domain/requests/call-availability';
import type { PhoneCodes } from '../../domain/codes/phone-codes';
import { countHit, ttlMs } from '../../lib/rate-limit-count';
import { preparedReachableBy } from '../../domain/requests/reachability';
import { callRule as callRuleOf, cardMessageRule } from '../../domain/requests/send-rule/send-rule';
import { preparedReceiverWindowFull } from '../../domain/requests/send-rule/receiver-window';
import { issueStatusToken } from '../../domain/requests/status-tokens';
import { isStrangerBlocked } from '../../domain/strangers/blocks';
import { strangerCookieOf } from '../../domain/strangers/cookie';
import { isPaused } from '../../domain/cards/vehicle-cards';
import { liveCardByCode } from './repository';
import { HOUR_MS } from '#common/durations';

/** The window of an address's sends at one card, and of its guesses there (counted apart). */
const ADDRESS_AND_CARD_WINDOW_MS = 10 * 60_000;

/** A card's vehicle and owner, when the card is live and its registration reachable. */
export interface CardTarget {
  card: VehicleCardRow;
  vehicle: VehicleRow;
  owner: UserRow;
}

/** Where a stranger's try comes from: the client address (`request.ip`) and the card page's cookie. */
export interface StrangerOrigin {
  address: string;
  /** The stranger cookie the request carried (`strangerCookieOf`); null when it carried none. */
  cookie: string | null;
}

export const strangerOrigin = (request: FastifyRequest): StrangerOrigin => ({
  address: request.ip,
  cookie: strangerCookieOf(request),
});

/** What a stranger sends through a card, as validated by `cardRequestPayload`, and from where. */
export type CardSend = Omit<z.output<typeof cardRequestPayload>, 'language'> & {
  code: string;
} & StrangerOrigin;

export interface PublicCards {
  /** The card's vehicle and owner; undefined for an unknown, rotated or turned-off card. */
  target(code: string): Promise<CardTarget | undefined>;
  /** All a stranger learns of a card: vehicle type, masked plate, whether it takes calls and messages. */
  describe(code: string): Promise<PublicCard | undefined>;
  /**
   * Sends a stranger's request through a card, under its limits and the send rule, and records its
   * stranger; throws the HttpError the stranger is told (404 unknown card, 429 past a limit, 409 paused,
   * 400 wrong plate digits, 403 blocked by the owner).
   */
  send(input: CardSend): Promise<CardRequestCreated>;
  /**
   * Places a masked call from a card to its owner: the stranger's phone, proven by its one-time code,
   * rings first. Throws the HttpError the stranger is told (404, 409 paused or owner not taking calls,
   * 503 no provider, 400 wrong code, 429 past a limit, 403 blocked by the owner).
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
export type CardCall = Omit<z.output<typeof cardCallPayload>, 'language'> & { code: string } & StrangerOrigin;

const CARD_NOT_FOUND: ClientText = (i18n) => i18n._('server.cards.notFound');
const TOO_MANY_FROM_ADDRESS: ClientText = (i18n) => i18n._('server.cards.tooManySends');
const STRANGER_BLOCKED: ClientText = (i18n) => i18n._('server.cards.strangerBlocked');

/** A card's caller is told the callers' limits as anyone is; a block names the stranger. */
const cardRefusals: RefusalTexts = { ...callRefusals, blocked: STRANGER_BLOCKED };

/**
 * What the stranger's side of a windscreen card does, for its JSON API and its HTML form alike.
 * Every try counts, in the database across instances: a guess (wrong plate digits, an unknown card)
 * only in the budgets of guesses, a send with the right digits only in the budgets of sends, so
 * nobody's guesses silence a card for the stranger who is at the car.
 */
export function publicCards(app: FastifyInstance, codes: PhoneCodes): PublicCards {
  const { db, countersDb } = app.database;
  const reachableByVehicle = preparedReachableBy(db, 'vehicleId');
  const { keyPrefix } = app.config.rateLimitStore;
  const limits = app.config.cardSendLimits;
  // A stranger's calls count in the caller's windows by the phone they proved, as an account's do.
  const callRule = callRuleOf(app.config.callsPerReceiverHour, app.config.callerCallLimits);
  const receiverWindowFull = preparedReceiverWindowFull(db, callRule);

  async function target(code: string): Promise<CardTarget | undefined> {
    const card = await liveCardByCode(db, code);
    const [registration] = card ? await reachableByVehicle(card.vehicleId) : [];
    return card && registration && { card, ...registration };
  }

  async function count(key: string, windowMs: number, max: number, text: ClientText): Promise<void> {
    const [hit] = await countHit(countersDb, `${keyPrefix}${key}`, windowMs);
    if (hit && hit.current > max) throw tooManyRequests(text, ttlMs(hit.ttl) / 1000);
  }

  /** A guess (wrong digits, or an unknown card's code): per address an hour and at the card, and per card. */
  async function countGuess(from: string, cardId: string | null): Promise<void> {
    await count(`card-guesses-address:${from}`, HOUR_MS, limits.perAddressHour, TOO_MANY_FROM_ADDRESS);
    if (cardId === null) return;
    const { wrongPlatesPerCardHour } = limits;
    await count(
      `card-guesses-address:${cardId}:${from}`,
      ADDRESS_AND_CARD_WINDOW_MS,
      limits.perAddressAndCard10Minutes,
      TOO_MANY_FROM_ADDRESS,
    );
    await count(`card-guesses:${cardId}`, HOUR_MS, wrongPlatesPerCardHour, (i18n) =>
      i18n._('server.cards.tooManyWrongPlates'),
    );
  }

  /**
   * A send with the right digits: per address an hour and at the card, then per card (the address's
   * own budgets first, so an address past them spends nothing of the card's).
   */
  async function countSend(from: string, cardId: string): Promise<void> {
    await count(`card-address:${from}`, HOUR_MS, limits.perAddressHour, TOO_MANY_FROM_ADDRESS);
    await count(
      `card-address:${cardId}:${from}`,
      ADDRESS_AND_CARD_WINDOW_MS,
      limits.perAddressAndCard10Minutes,
      TOO_MANY_FROM_ADDRESS,
    );
    await count(`card:${cardId}`, HOUR_MS, limits.perCardHour, (i18n) =>
      i18n._('server.cards.tooManyToCard'),
    );
  }

  return {
    target,

    async describe(code) {
      const found = await target(code);
      if (!found) return undefined;
      const now = app.deps.now();
      const paused = isPaused(found.card, now);
      return {
        vehicleType: found.vehicle.vehicleType,
        maskedNumber: maskedVehicleNumber(found.vehicle.vehicleNumber),
        // Never whether it is quiet hours now: a poller could time the owner's night. A call asked
        // for in them is refused then.
        callAvailable: app.deps.telephony !== null && found.owner.allowCalls && !paused,
        paused,
      };
    },

    async send({ code, address, cookie, plateLast4, templateKey, text }) {
      const from = clientAddressKey(address);
      const found = await target(code);
      if (!found) {
        await countGuess(from, null);
        throw notFound(CARD_NOT_FOUND);
      }
      const { card, vehicle, owner } = found;
      const now = app.deps.now();
      if (isPaused(card, now)) throw conflict((i18n) => i18n._('server.cards.paused'));
      if (plateFourDigits(vehicle.vehicleNumber) !== plateLast4) {
        await countGuess(from, card.id);
        throw badRequest((i18n) => i18n._('server.cards.wrongPlate'));
      }
      const stranger = { cardId: card.id, cookie, address };
      if (await isStrangerBlocked(db, owner.id, stranger, now)) throw forbidden(STRANGER_BLOCKED);
      await countSend(from, card.id);
      const plate = vehicle.vehicleNumber.toUpperCase();
      const outcome = await app.requests.reach({
        from: { stranger },
        to: owner,
        via: 'card',
        request: {
          vehicleId: vehicle.id,
          kind: 'message',
          title: `Message about ${plate}`,
          content: templateKey ? templateText(textsFor('en'), templateKey, plate) : (text ?? ''),
          templateKey: templateKey ?? null,
          vehicleNumber: vehicle.vehicleNumber,
        },
        rule: cardMessageRule,
      });
      const { row } = reachedOrThrow(outcome, cardRefusals);
      return {
        requestId: row.id,
        statusToken: await issueStatusToken(db, row.id, now, app.config.statusTokenHours),
      };
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

    async call({ code, address, cookie, phone, otp }, i18n) {
      await count(
        `card-address:${clientAddressKey(address)}`,
        HOUR_MS,
        limits.perAddressHour,
        TOO_MANY_FROM_ADDRESS,
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
      const stranger = { cardId: card.id, cookie, address, phone };
      if (await isStrangerBlocked(db, owner.id, stranger, now)) throw forbidden(STRANGER_BLOCKED);
      const outcome = await app.requests.reach({
        from: { stranger },
        to: owner,
        via: 'card',
        request: callRequest(vehicle.id, vehicle.vehicleNumber),
        rule: callRule,
        beforeAnnounce: (row) =>
          placeCall(telephony, app.log, row.id, { caller: phone, callee: owner.phone }),
      });
      reachedOrThrow(outcome, cardRefusals);
    },
  };
}
