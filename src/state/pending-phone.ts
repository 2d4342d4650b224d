/**
 * SPEC §4: the phone a code was sent to, kept between /login or /registration and
 * /otp-verification. Mirrored to sessionStorage so reloading the code screen still works.
 */
import { appAtom, appStore } from '../lib/store';

const PENDING_PHONE_KEY = 'pending_phone';

function readStored(): string | null {
  try {
    return sessionStorage.getItem(PENDING_PHONE_KEY);
  } catch {
    return null;
  }
}

export const pendingPhoneAtom = appAtom<string | null>(null);

export function setPendingPhone(phone: string | null): void {
  appStore.set(pendingPhoneAtom, phone);
  try {
    if (phone === null) sessionStorage.removeItem(PENDING_PHONE_KEY);
    else sessionStorage.setItem(PENDING_PHONE_KEY, phone);
  } catch (error) {
    console.error('Could not keep the phone for the code screen', error);
  }
}

/** Start-up: picks up the phone kept before a reload. */
export function syncPendingPhoneFromStorage(): void {
  appStore.set(pendingPhoneAtom, readStored());
}
