/** How a queued request ended, in the reader's language: the page's toast and the send modal say it. */
import type { I18n } from '@lingui/core';
import type { OutboxOutcome } from './outbox';

export function outboxOutcomeText(i18n: I18n, outcome: OutboxOutcome): string {
  if (outcome.kind === 'sent') return i18n._('outbox.sent', { label: outcome.label });
  if (outcome.kind === 'refused') {
    return i18n._('outbox.refused', { label: outcome.label, reason: outcome.reason });
  }
  return i18n._('outbox.expired', { label: outcome.label });
}
