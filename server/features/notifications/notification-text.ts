import { NOTIFICATION_TITLE } from '#common/message-templates';
import { normaliseVehicleNumber } from '#common/vehicle-number';

/** A notification lands in a stranger's system tray: short, about their vehicle, and nothing to follow. */
export const NOTIFICATION_BODY_MAX = 200;

const LINK = /(?:[a-z][a-z0-9+.-]*:\/\/|www\.|\b[a-z0-9-]+(?:\.[a-z0-9-]+)*\.[a-z]{2,}\b)/i;
const EMAIL = /[^\s@]+@[^\s@]+/;
/** Eight digits or more, however spaced: a phone number (a vehicle number has at most six). */
const PHONE = /(?:\+?\d[\s().-]*){8,}/;

/** The vehicle number as it may be written: any case, with spaces or hyphens between its characters. */
const writtenAs = (vehicleNumber: string) =>
  new RegExp([...vehicleNumber].map((char) => char.replace(/[^a-z0-9]/gi, '')).join('[\\s-]*'), 'gi');

/** Why a notification's title and body are refused, or null when they may be sent. */
export function notificationTextProblem(
  title: string,
  body: string,
  receiverVehicleNumbers: string[],
): string | null {
  if (title !== NOTIFICATION_TITLE) return `title: must be "${NOTIFICATION_TITLE}"`;
  if (body.length > NOTIFICATION_BODY_MAX) return `body: must be at most ${NOTIFICATION_BODY_MAX} characters`;
  const compact = normaliseVehicleNumber(body);
  const named = receiverVehicleNumbers.filter((number) => compact.includes(number));
  if (named.length === 0) return "body: must name one of the receiver's vehicle numbers";
  const rest = named.reduce((text, number) => text.replace(writtenAs(number), ' '), body);
  if (LINK.test(rest) || EMAIL.test(rest) || PHONE.test(rest)) {
    return 'body: must not contain a link, an e-mail address or a phone number';
  }
  return null;
}
