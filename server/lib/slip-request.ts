import type { I18n } from '@lingui/core';
import type { SentRequest } from '#common/api';
import { templateText } from '#common/message-templates';
import type { SlipRow } from '../db/schema';

/** An attached slip: its note and when it was attached are set. */
export type AttachedSlip = SlipRow & { attachedAt: Date; vehicleNumber: string };

export const isAttached = (slip: SlipRow): slip is AttachedSlip =>
  slip.attachedAt !== null && slip.vehicleNumber !== null;

/** A slip's note as one reader reads it: a suggested text in their language, the sender's as typed. */
export function slipNoteText(slip: AttachedSlip, i18n: I18n): string {
  return slip.templateKey ? templateText(i18n, slip.templateKey, slip.vehicleNumber) : (slip.text ?? '');
}

/**
 * A slip's note as its sender follows it among their requests (`sentRequests`, the live channel):
 * nobody's device receives it, so it is never "delivered"; it is answered from the slip's page.
 */
export function slipAsSentRequest(slip: AttachedSlip, i18n: I18n): SentRequest {
  return {
    _id: slip.id,
    vehicleNumber: slip.vehicleNumber.toUpperCase(),
    content: slipNoteText(slip, i18n),
    sentAt: slip.attachedAt.toISOString(),
    deliveredAt: null,
    seenAt: null,
    reply:
      slip.replyKind && slip.repliedAt ? { kind: slip.replyKind, at: slip.repliedAt.toISOString() } : null,
    reminderSentAt: null,
    fallbacks: [],
  };
}
