import { readFileSync } from 'node:fs';
import swagger from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { messageResponse } from '#common/api';

export const OPENAPI_URL = '/api/openapi.json';

const { version } = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
  version: string;
};

const INPUTS = ['body', 'querystring', 'params', 'headers'] as const;

/**
 * The contract of common/api.ts as an OpenAPI document, from the zod schemas the routes validate and
 * serialise with. Every error answer is `{message}` (plugins/errors.ts), so each route documents it:
 * 400 where the route reads input, and as the default for every other status. Registered before the
 * routes, whose schemas it collects as they are added; the pages of the PWA are left out.
 */
export default fp(
  async function openApi(app: FastifyInstance) {
    await app.register(swagger, {
      openapi: {
        info: {
          title: 'Vahan Contact API',
          description: 'Find the owner of a vehicle that blocks your way and reach them at once.',
          version,
        },
        components: { securitySchemes: { session: { type: 'http', scheme: 'bearer' } } },
      },
      transform: (document) => {
        if (!document.url.startsWith('/api/')) return { schema: { hide: true }, url: document.url };
        const schema = document.schema ?? {};
        const readsInput = INPUTS.some((input) => schema[input] !== undefined);
        const response = {
          ...(readsInput ? { 400: messageResponse } : {}),
          default: messageResponse,
          ...(schema.response as object | undefined),
        };
        return jsonSchemaTransform({ ...document, schema: { ...schema, response } });
      },
      transformObject: jsonSchemaTransformObject,
    });
    app.get(OPENAPI_URL, () => app.swagger());
  },
  { name: 'openapi' },
);
