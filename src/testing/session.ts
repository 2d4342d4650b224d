/** Puts the app in the signed-in state, as a finished code verification does. */
import type { User } from '#common/api';
import { startSession } from '../state/user';
import { aUser } from './fixtures';

export const TEST_TOKEN = 'test-token';

export function signIn(user: User = aUser(), token = TEST_TOKEN): User {
  startSession(user, token);
  return user;
}
