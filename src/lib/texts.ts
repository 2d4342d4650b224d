/** Texts more than one module shows. */
import { i18n } from '../i18n/i18n';

/** DESIGN §6: actions that need the network say so plainly when there is none. */
export function offlineText(): string {
  return i18n._('app.offline');
}
