/** SPEC strings used in more than one place, exactly as written there (typos included). */

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
export const OFFLINE_TEXT = 'You are offline. Searching, sending and saving need a connection.';
