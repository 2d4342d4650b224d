import { isOffline } from './api-client';
import { OFFLINE_TEXT } from './texts';
import { notifyError } from './toasts';

/** DESIGN §6: an action that needs the network says so plainly when there is none, and stops. */
export function refuseWhenOffline(): boolean {
  if (!isOffline()) return false;
  notifyError(OFFLINE_TEXT);
  return true;
}
