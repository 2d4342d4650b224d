import { jsonResponse, type Responder } from '../../testing/render';

/** The devices section asks for the sessions on every render of the page: none here. */
export const withSessions =
  (respond: Responder): Responder =>
  (call) =>
    call.url === '/api/users/sessions' ? jsonResponse([]) : respond(call);
