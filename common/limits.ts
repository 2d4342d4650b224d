/** Limits both sides enforce, so the form and the API refuse the same input. */
export const OTP_LENGTH = 6;
export const NAME_MAX = 100;
export const EMAIL_MAX = 254;
export const VEHICLE_NAME_MAX = 60;
export const MESSAGE_MAX = 500;
export const TITLE_MAX = 100;
/** A note left for a number nobody has registered yet: a line, not a letter. */
export const NOTE_TEXT_MAX = 200;
/** Wiper slips made at once: one printed A4 sheet of them. */
export const SLIPS_PER_SHEET = 8;
/** The own text of a note attached to a wiper slip. */
export const SLIP_TEXT_MAX = 140;
