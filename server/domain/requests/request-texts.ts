import type { I18n } from '@lingui/core';
import { NOTIFICATION_TITLE, notificationTitle, templateText } from '#common/message-templates';
import type { RequestRow } from '../../db/schema';

type Texts = Pick<RequestRow, 'kind' | 'title' | 'content' | 'templateKey' | 'vehicleNumber'>;

/** A request's title as one reader reads it: the service's words in their language, a sender's as typed. */
export function titleFor(row: Texts, i18n: I18n): string {
  const plate = row.vehicleNumber?.toUpperCase();
  if (row.kind === 'notification' && row.title === NOTIFICATION_TITLE) return notificationTitle(i18n);
  if (!plate) return row.title;
  switch (row.kind) {
    case 'message':
      return i18n._('server.request.messageTitle', { plate });
    case 'call':
      return i18n._('server.request.callTitle', { plate });
    case 'system':
      return i18n._('server.request.ownershipVerifiedTitle');
    case 'notification':
      return row.title;
  }
}

/** A request's text as one reader reads it: a suggested text in their language, free text as typed. */
export function contentFor(row: Texts, i18n: I18n): string {
  const plate = row.vehicleNumber?.toUpperCase();
  if (!plate) return row.content;
  if (row.templateKey) return templateText(i18n, row.templateKey, plate);
  switch (row.kind) {
    case 'call':
      return i18n._('server.request.callContent', { plate });
    case 'system':
      return i18n._('server.request.ownershipVerifiedContent', { plate });
    case 'message':
    case 'notification':
      return row.content;
  }
}
