/**
 * Renders the whole app (every route, guards, shell) in memory at `path`, against a fake API. As in
 * main.tsx, the first render waits for the router's first location (guards run, chunks loaded).
 */
import { render } from '@testing-library/react';
import { createMemoryRouter } from 'react-router-dom';
import { fakeEventStream } from './event-stream';
import { aUser } from './fixtures';
import { jsonResponse, stubFetch, type FetchCall } from './render';
import { App, AppRouter } from '../app/app';
import { routerReady, routes } from '../app/routes';

type Responder = (call: FetchCall) => Response | Promise<Response> | undefined;

/** Answers what every signed-in screen asks on entry; `respond` may answer first. */
export async function renderApp(path: string, respond: Responder = () => undefined) {
  const calls = stubFetch(async (call) => {
    const answer = await respond(call);
    if (answer) return answer;
    const path = call.url.split('?')[0];
    if (path === '/api/users/validateUser') return jsonResponse({ user: aUser() });
    if (path === '/api/config') return jsonResponse({ push: null });
    // The live channel: open, with nothing to say.
    if (path === '/api/users/events') return fakeEventStream().response;
    if (
      path === '/api/users/getMyVehicles' ||
      path === '/api/users/unreadNotifications' ||
      path === '/api/users/sentRequests'
    )
      return jsonResponse([]);
    return jsonResponse({ message: 'Not Found' }, 404);
  });
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  await routerReady(router);
  const view = render(
    <App>
      <AppRouter router={router} />
    </App>,
  );
  return { ...view, router, calls };
}
