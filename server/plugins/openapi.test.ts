import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiRoutes, routeName, type RouteKey } from '../testing/routes';
import { createTestApp, type TestApp } from '../testing/test-app';
import { OPENAPI_URL } from './openapi';

interface JsonSchema {
  type?: string;
  properties?: Record<string, JsonSchema>;
  required?: string[];
}

interface Operation {
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
  responses: Record<string, { content?: Record<string, { schema: JsonSchema }> }>;
}

interface OpenApiDocument {
  openapi: string;
  info: { title: string; version: string };
  paths: Record<string, Record<string, Operation>>;
}

let t: TestApp;
let document: OpenApiDocument;

beforeAll(async () => {
  t = await createTestApp();
  const response = await t.inject({ method: 'GET', url: OPENAPI_URL });
  expect(response.statusCode).toBe(200);
  document = response.json<OpenApiDocument>();
});
afterAll(() => t.close());

/** A path parameter is `:id` to Fastify and `{id}` to OpenAPI. */
const openApiPath = (url: string) => url.replace(/:(\w+)/g, '{$1}');
const operationOf = ({ method, url }: RouteKey) => document.paths[openApiPath(url)]?.[method.toLowerCase()];
const jsonSchemaOf = (answer: { content?: Record<string, { schema: JsonSchema }> } | undefined) =>
  answer?.content?.['application/json']?.schema;
const MESSAGE = { type: 'object', properties: { message: { type: 'string' } }, required: ['message'] };

describe('the OpenAPI document', () => {
  it('is an OpenAPI 3 document of this API', () => {
    expect(document.openapi).toMatch(/^3\./);
    expect(document.info.title).toBe('Vahan Contact API');
  });

  it('describes every route the app serves, and nothing else', () => {
    const described = Object.entries(document.paths).flatMap(([url, operations]) =>
      Object.keys(operations).map((method) => routeName({ method: method.toUpperCase(), url })),
    );
    const served = apiRoutes(t.app).map((route) => routeName({ ...route, url: openApiPath(route.url) }));
    expect(described.sort()).toEqual(served.sort());
  });

  it("gives every route's error answer as {message}, and 400 for bad input where a route reads input", () => {
    for (const route of apiRoutes(t.app)) {
      const operation = operationOf(route);
      expect(jsonSchemaOf(operation?.responses.default), routeName(route)).toMatchObject(MESSAGE);
      if (operation?.requestBody) {
        expect(jsonSchemaOf(operation.responses['400']), routeName(route)).toMatchObject(MESSAGE);
      }
    }
  });

  it('takes bodies and answers from the zod schemas the routes validate with', () => {
    const addVehicle = operationOf({ method: 'POST', url: '/api/users/addVehicle' });
    expect(jsonSchemaOf(addVehicle?.requestBody)).toMatchObject({
      type: 'object',
      properties: { name: expect.any(Object), vehicleNumber: expect.any(Object) },
    });
    expect(jsonSchemaOf(addVehicle?.responses['201'])).toMatchObject({
      type: 'object',
      properties: { _id: expect.any(Object), vehicleNumber: expect.any(Object) },
    });
  });
});
