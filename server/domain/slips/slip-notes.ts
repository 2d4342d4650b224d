import type { I18n } from '@lingui/core';
import { templateText } from '#common/message-templates';
import type { SlipRow } from '../../db/schema';

/** An attached slip: its note and when it was attached are set. */
export type AttachedSlip = SlipRow & { attachedAt: Date; vehicleNumber: string };

export const isAttached = (slip: SlipRow): slip is AttachedSlip =>
  slip.attachedAt !== null && slip.vehicleNumber !== null;

/** A slip's note as one reader reads it: a suggested text in their language, the sender's as typed. */
export function slipNoteText(slip: AttachedSlip, i18n: I18n): string {
  return slip.templateKey ? templateText(i18n, slip.templateKey, slip.vehicleNumber) : (slip.text ?? '');
}
