import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

const HASHED_ASSET = /[\\/]assets[\\/]/;

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
        index: false,
        cacheControl: false,
        setHeaders(reply, filePath) {
          reply.header(
            'cache-control',
            HASHED_ASSET.test(filePath) ? 'public, max-age=31536000, immutable' : 'no-cache',
          );
        },
      });
    } else {
      app.log.warn({ root }, 'no PWA build found: only the API is served');
    }

    app.setNotFoundHandler((request, reply) => {
      const isPage =
        (request.method === 'GET' || request.method === 'HEAD') && !request.url.startsWith('/api');
      if (hasBuild && isPage) {
        return reply.header('cache-control', 'no-cache').sendFile('index.html');
      }
      return reply.code(404).send({ message: 'Not found' });
    });
  },
  { name: 'static-pwa' },
);
