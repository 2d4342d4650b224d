/** The outbox's words, in the reader's language: how a queued request is listed and how it ended. */
import type { I18n } from '@lingui/core';
import { replyLabel, type ReplyKind } from '../replies';
import type { OutboxOutcome } from './outbox';

export function outboxOutcomeText(i18n: I18n, outcome: OutboxOutcome): string {
  if (outcome.kind === 'sent') return i18n._('outbox.sent', { label: outcome.label });
  if (outcome.kind === 'refused') {
    return i18n._('outbox.refused', { label: outcome.label, reason: outcome.reason });
  }
  return i18n._('outbox.expired', { label: outcome.label });
}

/** How a queued answer to a request is listed, e.g. "Answer: Coming now". */
export function answerLabel(i18n: I18n, kind: ReplyKind): string {
  return i18n._('outbox.answerLabel', { answer: replyLabel(i18n, kind) });
}
