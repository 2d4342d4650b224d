import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/database';
import { notifications, type NotificationRow } from '../db/schema';
import type { FastifyBaseLogger } from 'fastify';
import { TelephonyUnavailable, type Telephony } from '../features/calls/telephony';
import { forbidden, HttpError, tooManyRequests } from './http-error';
import { pausedSender } from './send-rule/pause';
import { newRequestRow, preparedCheckedSend, type NewRequest, type SendRule } from './send-rule/send-rule';

type NewCall = Omit<NewRequest, 'kind' | 'templateKey' | 'title' | 'content'> & { vehicleId: string };

/**
 * Records a call about to be placed (a request of kind `call`) under the send rule: refused when the
 * owner blocked the caller or a call window is full. The row counts toward the windows while the
 * provider is asked, so two calls at once cannot both slip through; `forgetCall` removes it when the
 * provider does not place the call. Built and prepared once.
 */
export function preparedRecordCall(
  db: Db,
  rule: SendRule,
): (call: NewCall, now: Date) => Promise<NotificationRow> {
  const checkedSend = preparedCheckedSend(db);
  return async (call, now) => {
    const plate = (call.vehicleNumber ?? '').toUpperCase();
    const row = newRequestRow(
      {
        ...call,
        kind: 'call',
        templateKey: null,
        title: `Call about ${plate}`,
        content: `A call through Vahan Contact about ${plate}: answer the call from our number.`,
      },
      now,
    );
    const refusal = await checkedSend(row, rule, null);
    if (refusal === null) return row;
    switch (refusal.refused) {
      case 'paused':
        throw pausedSender(refusal.until);
      case 'blocked':
        throw forbidden((i18n) => i18n._('server.calls.blocked'));
      case 'perSender':
        throw tooManyRequests((i18n) => i18n._('server.calls.callerLimit'), refusal.retryAfterMs / 1000);
      case 'perPair':
        throw tooManyRequests((i18n) => i18n._('server.calls.pairLimit'), refusal.retryAfterMs / 1000);
      case 'perReceiver':
        throw tooManyRequests((i18n) => i18n._('server.calls.receiverLimit'), refusal.retryAfterMs / 1000);
    }
  };
}

/** Removes a call the provider did not place: it was never made, so it neither shows nor counts. */
export async function forgetCall(db: Db, id: string): Promise<void> {
  await db.delete(notifications).where(and(eq(notifications.id, id), eq(notifications.kind, 'call')));
}

/**
 * Asks the provider to ring `caller` and connect `callee`, for a call recorded by `preparedRecordCall`;
 * when it does not, the call is forgotten and the HttpError to answer is thrown (503 or 502).
 */
export async function placeRecordedCall(
  db: Db,
  telephony: Telephony,
  log: FastifyBaseLogger,
  callId: string,
  numbers: { caller: string; callee: string },
): Promise<void> {
  try {
    await telephony.connect(numbers);
  } catch (error) {
    await forgetCall(db, callId);
    log.warn({ err: error, callId }, 'masked call: the provider did not place the call');
    throw error instanceof TelephonyUnavailable
      ? new HttpError(503, (i18n) => i18n._('server.calls.providerDown'))
      : new HttpError(502, (i18n) => i18n._('server.calls.notPlaced'));
  }
}
