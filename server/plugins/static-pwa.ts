import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { PRERENDERED_PAGE, PRERENDERED_PATHS } from '#common/prerender';
import { requestLanguage } from '../i18n/request-texts';
import { isApiPath } from '../lib/api-path';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route sends the prerendered sign-in screen (which has no URL of its own). */
    prerendered?: boolean;
  }
}

/** Vite puts every hashed file in dist/assets/. */
const ASSETS_DIR = 'assets';
const ASSET_PATH = new RegExp(`^/${ASSETS_DIR}/`);
/** Build internals (Vite's manifest and the like) are for the build checks, not for clients. */
const INTERNAL_PATH = /^\/\.vite(?:\/|$)/;
/** The prerendered sign-in screen is sent for its paths only, never at a URL of its own. */
const PRERENDERED_URL = `/${PRERENDERED_PAGE}`;

/**
 * Serves the built PWA: hashed assets are immutable, everything else (index.html, the manifest, the
 * service worker) is revalidated so a new release is seen at once. Unknown non-API paths get
 * index.html so client routes survive a reload.
 */
export default fp(
  async function staticPwa(app: FastifyInstance) {
    const root = path.resolve(app.config.distDir);
    const hasBuild = existsSync(path.join(root, 'index.html'));
    if (hasBuild) {
      await app.register(fastifyStatic, {
        root,
        index: 'index.html',
        cacheControl: false,
        allowedPath: (pathName, _root, request) =>
          !INTERNAL_PATH.test(pathName) &&
          (pathName !== PRERENDERED_URL || request.routeOptions.config.prerendered === true),
        setHeaders(reply, filePath) {
          const hashed = path.relative(root, filePath).split(path.sep)[0] === ASSETS_DIR;
          reply.header('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
        },
      });
    } else {
      app.log.warn({ root }, 'no PWA build found: only the API is served');
    }

    // A visitor's browser that prefers English gets the sign-in screen prerendered in the page, so it
    // paints before any script runs; src/main.tsx hydrates it, or drops it for a signed-in user or
    // another language chosen on the device. Everyone else gets the neutral shell, as on every route.
    if (hasBuild && existsSync(path.join(root, PRERENDERED_PAGE))) {
      for (const url of PRERENDERED_PATHS) {
        app.get(url, { config: { prerendered: true } }, (request, reply) => {
          const english = requestLanguage(request) === 'en';
          return reply
            .header('vary', 'accept-language')
            .header('cache-control', 'no-cache')
            .sendFile(english ? PRERENDERED_PAGE : 'index.html');
        });
      }
    }

    app.setNotFoundHandler((request, reply) => {
      // A missing hashed file (an old release's chunk) is a 404, never the page in its place.
      const isPage =
        (request.method === 'GET' || request.method === 'HEAD') &&
        !isApiPath(request.url) &&
        !ASSET_PATH.test(request.url) &&
        !INTERNAL_PATH.test(request.url);
      if (hasBuild && isPage) {
        return reply.header('cache-control', 'no-cache').sendFile('index.html');
      }
      return reply.code(404).send({ message: 'Not found' });
    });
  },
  { name: 'static-pwa' },
);
