import { subscribe, unsubscribe } from 'node:diagnostics_channel';
import type { FastifyInstance, RouteOptions } from 'fastify';

export interface RouteKey {
  method: string;
  url: string;
}

const routesOfApp = new WeakMap<FastifyInstance, RouteKey[]>();

/**
 * Builds an app with `build`, keeping each route Fastify adds to it: an onRoute hook is added as the
 * instance is created (Fastify's `fastify.initialization` channel), before any route. `build` must
 * create its instance before its first await, so that no other app is created meanwhile.
 */
export async function withRoutesRecorded(build: () => Promise<FastifyInstance>): Promise<FastifyInstance> {
  const routes: RouteKey[] = [];
  const record = (route: RouteOptions) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) routes.push({ method, url: route.url });
  };
  const onCreated = (message: unknown) => {
    const { fastify } = message as { fastify: FastifyInstance };
    fastify.addHook('onRoute', record);
    routesOfApp.set(fastify, routes);
  };
  subscribe('fastify.initialization', onCreated);
  let building: Promise<FastifyInstance>;
  try {
    building = build();
  } finally {
    unsubscribe('fastify.initialization', onCreated);
  }
  return building;
}

/** Every API route the app serves (HEAD, which Fastify adds to each GET, left out), as Fastify added them. */
export function apiRoutes(app: FastifyInstance): RouteKey[] {
  const routes = routesOfApp.get(app);
  if (!routes) throw new Error('the app was not built by withRoutesRecorded');
  return routes
    .filter(({ method, url }) => method !== 'HEAD' && url.startsWith('/api'))
    .sort((a, b) => `${a.url} ${a.method}`.localeCompare(`${b.url} ${b.method}`));
}

export const routeName = ({ method, url }: RouteKey) => `${method} ${url}`;
