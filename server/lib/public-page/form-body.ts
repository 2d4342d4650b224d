import type { FastifyInstance } from 'fastify';

/** A form's fields are a few short texts: anything longer is no form of ours. */
const FORM_BODY_LIMIT = 8 * 1024;

/**
 * Lets the routes of `scope` (an encapsulated plugin) take plain HTML form posts, so their pages
 * work with scripts off. Each field arrives as a string; a repeated field keeps its last value.
 */
export function acceptFormBodies(scope: FastifyInstance) {
  scope.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: FORM_BODY_LIMIT },
    (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(String(body))));
    },
  );
}
