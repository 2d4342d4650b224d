/** The settings page as the tests of its sections open it: a signed-in user at /settings. */
import { Outlet, Route, Routes } from 'react-router-dom';
import type { User } from '#common/api';
import SettingsPage from '../features/settings/settings-page';
import { aUser } from './fixtures';
import { jsonResponse, renderWithApp, stubFetch, type Responder } from './render';
import { signIn } from './session';

/** The devices section asks for the sessions on every render of the page: none here. */
export const withSessions =
  (respond: Responder): Responder =>
  (call) =>
    call.url === '/api/users/sessions' ? jsonResponse([]) : respond(call);

/** Signs in a user with `fields` and opens /settings, in the signed-in shell's outlet `context` if given. */
export function renderSettings(fields: Partial<User> = {}, context?: object): void {
  signIn(aUser(fields));
  renderWithApp(
    context ? (
      <Routes>
        <Route element={<Outlet context={context} />}>
          <Route path="/settings" element={<SettingsPage />} />
        </Route>
      </Routes>
    ) : (
      <SettingsPage />
    ),
    { route: '/settings' },
  );
}

/** Answers each updateProfile with the user as its body leaves it; returns the profile calls so far. */
export function echoProfile(): () => ReturnType<typeof stubFetch> {
  const calls = stubFetch(
    withSessions((request) => jsonResponse({ user: { ...aUser(), ...(request.body as object) } })),
  );
  return () => calls.filter((call) => call.url === '/api/users/updateProfile');
}
