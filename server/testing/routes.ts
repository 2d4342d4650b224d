import type { FastifyInstance } from 'fastify';

export interface RouteKey {
  method: string;
  url: string;
}

/** Every API route the app serves (HEAD, which Fastify adds to each GET, left out), read from the app itself. */
export function apiRoutes(app: FastifyInstance): RouteKey[] {
  const printed = app.printRoutes({ commonPrefix: false });
  const routes: RouteKey[] = [];
  for (const [, url = '', methods = ''] of printed.matchAll(/(\/api\/\S*) \(([A-Z, ]+)\)/g)) {
    for (const method of methods.split(', ')) if (method !== 'HEAD') routes.push({ method, url });
  }
  return routes.sort((a, b) => `${a.url} ${a.method}`.localeCompare(`${b.url} ${b.method}`));
}

export const routeName = ({ method, url }: RouteKey) => `${method} ${url}`;
