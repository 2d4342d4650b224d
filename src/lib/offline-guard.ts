import { isOffline } from './network';
import { offlineText } from './texts';
import { notifyError } from './toasts';

/** DESIGN §6: an action that needs the network says so plainly when there is none, and stops. */
export function refuseWhenOffline(): boolean {
  if (!isOffline()) return false;
  notifyError(offlineText());
  return true;
}
