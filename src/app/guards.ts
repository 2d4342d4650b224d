/**
 * SPEC §2 route access: a stored token decides which screens can be reached. The guards are route
 * loaders, so a screen that is not for this user is never shown; <AppRouter> revalidates the router when
 * the token changes (sign-in, sign-out, another tab, a session check answered 401). A redirect
 * replaces the location, so Back does not return to a screen that only redirects again.
 */
import { replace } from 'react-router-dom';
import { appStore } from '../lib/store';
import { tokenAtom } from '../lib/token';

export const signedIn = (): boolean => appStore.get(tokenAtom) !== null;

/** /login, /registration, /otp-verification: signed-in users are sent to the dashboard. */
export function publicOnly(): Response | null {
  return signedIn() ? replace('/dashboard') : null;
}

/** Every signed-in screen: visitors are sent to /login. */
export function requireToken(): Response | null {
  return signedIn() ? null : replace('/login');
}
