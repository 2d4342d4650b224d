import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** Vite puts every hashed file in dist/assets/. */
const ASSETS_DIR = 'assets';
const API_PATH = /^\/api(?:[/?]|$)/;
const ASSET_PATH = new RegExp(`^/${ASSETS_DIR}/`);
/** Build internals (Vite's manifest and the like) are for the build checks, not for clients. */
const INTERNAL_PATH = /^\/\.vite(?:\/|$)/;

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
        allowedPath: (pathName) => !INTERNAL_PATH.test(pathName),
        setHeaders(reply, filePath) {
          const hashed = path.relative(root, filePath).split(path.sep)[0] === ASSETS_DIR;
          reply.header('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
        },
      });
    } else {
      app.log.warn({ root }, 'no PWA build found: only the API is served');
    }

    app.setNotFoundHandler((request, reply) => {
      // A missing hashed file (an old release's chunk) is a 404, never the page in its place.
      const isPage =
        (request.method === 'GET' || request.method === 'HEAD') &&
        !API_PATH.test(request.url) &&
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
