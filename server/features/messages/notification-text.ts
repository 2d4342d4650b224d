import { contactDetailsProblem } from '#common/contact-details';
import { NOTIFICATION_TITLE } from '#common/message-templates';
import { normaliseVehicleNumber } from '#common/vehicle-number';

/** A notification lands in a stranger's system tray: short, about their vehicle, and nothing to follow. */
const NOTIFICATION_BODY_MAX = 200;

/** Why a notification's title and body are refused, or null when they may be sent. */
export function notificationTextProblem(
  title: string,
  body: string,
  receiverVehicleNumbers: string[],
): string | null {
  if (title !== NOTIFICATION_TITLE) return `title: must be "${NOTIFICATION_TITLE}"`;
  if (body.length > NOTIFICATION_BODY_MAX) return `body: must be at most ${NOTIFICATION_BODY_MAX} characters`;
  const compact = normaliseVehicleNumber(body);
  if (!receiverVehicleNumbers.some((number) => compact.includes(number)))
    return "body: must name one of the receiver's vehicle numbers";
  const problem = contactDetailsProblem(body);
  return problem && `body: ${problem}`;
}
