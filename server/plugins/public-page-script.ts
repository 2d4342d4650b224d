import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { PUBLIC_PAGE_SCRIPT, PUBLIC_PAGE_SCRIPT_PATH } from '../lib/public-page/script';

/** The one script of the pages for people who are not users, revalidated so a release is seen at once. */
export default fp(
  async function publicPageScript(app: FastifyInstance) {
    app.get(PUBLIC_PAGE_SCRIPT_PATH, (_request, reply) =>
      reply
        .type('text/javascript; charset=utf-8')
        .header('cache-control', 'no-cache')
        .send(PUBLIC_PAGE_SCRIPT),
    );
  },
  { name: 'public-page-script' },
);
