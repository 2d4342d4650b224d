import { getTableColumns, sql } from 'drizzle-orm';
import type { SentRequest } from '#common/api';
import { DEFAULT_LANGUAGE, type Language } from '#common/languages';
import { requests, users, type RequestRow } from '../../db/schema';
import { textsFor } from '../../i18n/texts';
import {
  fallbacksOfRequest,
  isSlipNote,
  sentForPlate,
  toSentRequest,
  type FallbackStep,
} from './sender-view';

/** What the lifecycle needs of a changed request: who to tell and what to tell them, in their language. */
export interface ChangedRequest {
  row: RequestRow;
  request: SentRequest;
  senderLanguage: Language;
  /** Whether the receiver lets senders know when their requests reached them and were opened. */
  receiptsShared: boolean;
}

/** What storing an answer came to: the request answered, or why not. */
export type AnswerOutcome =
  { kind: 'answered'; changed: ChangedRequest } | { kind: 'not_found' | 'already_answered' };

/**
 * What every change of a request returns besides its row, read in the same statement: the plate it
 * was sent for, the sender's language and whether the receiver shares read receipts (each null when gone).
 */
export const changedRequestColumns = {
  ...getTableColumns(requests),
  plate: sentForPlate,
  senderLanguage: sql<Language | null>`(select ${users.language} from ${users} where ${users.id} = ${requests.senderId})`,
  receiptsShared: sql<
    boolean | null
  >`(select ${users.shareReadReceipts} from ${users} where ${users.id} = ${requests.receiverId})`,
  fallbacks: fallbacksOfRequest,
};

type ChangedRequestRow = RequestRow & {
  plate: string | null;
  senderLanguage: Language | null;
  receiptsShared: boolean | null;
  fallbacks: FallbackStep[];
};

/** A changed row as its sender now sees it, in the sender's language. */
export function toChangedRequest({
  plate,
  senderLanguage,
  receiptsShared,
  fallbacks,
  ...row
}: ChangedRequestRow): ChangedRequest {
  const language = senderLanguage ?? DEFAULT_LANGUAGE;
  const shared = receiptsShared ?? true;
  const request = toSentRequest(
    isSlipNote(row)
      ? { slipNote: row }
      : { request: row, vehicleNumber: plate, receiptsShared: shared, fallbacks },
    textsFor(language),
  );
  return { row, request, senderLanguage: language, receiptsShared: shared };
}
