/** SPEC strings used in more than one place, exactly as written there (typos included). */
import type { OutboxOutcome } from '#common/outbox/outbox';

/** SPEC §8 toasts. */
export const TOASTS = {
  loginFailed: 'Login failed!',
  invalidPhone: 'Invlaid number!',
  invalidFields: 'Invalid fields!',
  registrationFailed: 'Regostration failed!',
  invalidOtp: 'Invalid Otp',
  invalidVehicleNumber: 'Invalid number!',
  searchFailed: 'Search failed!',
  invalidFormat: 'Invalid format!',
  somethingWentWrong: 'Something went wrong!',
  failedToUpdate: 'Failed to update!',
  failedToDelete: 'Failed to delete!',
  failedToFetchVehicles: 'Failed to fetch vehicles!',
  updateFailed: 'Update failed!',
} as const;

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
export const OFFLINE_TEXT =
  'You are offline. Searching and saving need a connection; messages wait and go when it returns.';

/** The offline outbox: what a queued request says while it waits and when it ends. */
export const OUTBOX_TEXTS = {
  waiting: 'Waiting for network',
  waitingHint: 'It will be sent by itself when the connection returns. You can close the app.',
  cancel: 'Cancel',
  queuedList: 'Waiting to send',
  badgeLabel: (count: number) => `${count} waiting for network`,
  sent: (label: string) => `Sent: ${label}`,
  refused: (label: string, reason: string) => `Not sent: ${label}. ${reason}`,
  expired: (label: string) => `Not sent: ${label}. It waited more than 24 hours.`,
  cancelled: 'Cancelled: it will not be sent.',
} as const;

/** How a queued request ended, in words. */
export function outboxOutcomeText(outcome: OutboxOutcome): string {
  if (outcome.kind === 'sent') return OUTBOX_TEXTS.sent(outcome.label);
  if (outcome.kind === 'refused') return OUTBOX_TEXTS.refused(outcome.label, outcome.reason);
  return OUTBOX_TEXTS.expired(outcome.label);
}
