/** SPEC strings used in more than one place, exactly as written there (typos included). */
import type { OutboxOutcome } from '#common/outbox/outbox';
import { i18n } from '../i18n/i18n';

/**
 * SPEC §8 toasts, in the active language. Getters, so each read is in the language of that moment;
 * the ids live here, in the first-load catalogue, whichever screen shows them.
 */
export const TOASTS = {
  get loginFailed() {
    return i18n._('toast.loginFailed');
  },
  get invalidPhone() {
    return i18n._('toast.invalidPhone');
  },
  get invalidFields() {
    return i18n._('toast.invalidFields');
  },
  get registrationFailed() {
    return i18n._('toast.registrationFailed');
  },
  get invalidOtp() {
    return i18n._('toast.invalidOtp');
  },
  get invalidVehicleNumber() {
    return i18n._('toast.invalidVehicleNumber');
  },
  get searchFailed() {
    return i18n._('toast.searchFailed');
  },
  get invalidFormat() {
    return i18n._('toast.invalidFormat');
  },
  get somethingWentWrong() {
    return i18n._('toast.somethingWentWrong');
  },
  get failedToUpdate() {
    return i18n._('toast.failedToUpdate');
  },
  get failedToDelete() {
    return i18n._('toast.failedToDelete');
  },
  get failedToFetchVehicles() {
    return i18n._('toast.failedToFetchVehicles');
  },
  get updateFailed() {
    return i18n._('toast.updateFailed');
  },
};

/** SPEC §8 alerts and notification texts of the message screen. */
export const CONTACT_TEXTS = {
  messageFailed: 'Error sending message:',
  messageSent: (content: string) => `Message sent: ${content}`,
  notificationSent: 'Notification sent successfully.',
  notificationFailed: 'Error sending notification.',
  userDataMissing: 'User data is missing.',
  noPublicPhone: 'The user has no public phone number.',
  noPhoneAvailable: 'No phone number available.',
  modalTitle: 'Notify User About Vehicle',
} as const;

/** DESIGN §6: actions that need the network say so plainly when there is none. */
export function offlineText(): string {
  return i18n._('app.offline');
}

/** @deprecated English only: use offlineText(). Kept until the screens that import it move over. */
export const OFFLINE_TEXT =
  'You are offline. Searching and saving need a connection; messages wait and go when it returns.';

/** The offline outbox: what a queued request says while it waits and when it ends. */
export const OUTBOX_TEXTS = {
  waiting: 'Waiting for network',
  waitingHint: 'It will be sent by itself when the connection returns. You can close the app.',
  cancel: 'Cancel',
  queuedList: 'Waiting to send',
  badgeLabel: (count: number) => `${count} waiting for network`,
  cancelled: 'Cancelled: it will not be sent.',
} as const;

/** How a queued request ended, in words. */
export function outboxOutcomeText(outcome: OutboxOutcome): string {
  const { label } = outcome;
  switch (outcome.kind) {
    case 'sent':
      return i18n._('toast.outboxSent', { label });
    case 'refused':
      return i18n._('toast.outboxRefused', { label, reason: outcome.reason });
    case 'expired':
      return i18n._('toast.outboxExpired', { label });
  }
}
