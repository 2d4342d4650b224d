import type { FastifyInstance } from 'fastify';

export interface RouteKey {
  method: string;
  url: string;
}

/** Every API route the app serves (HEAD, which Fastify adds to each GET, left out), read from the app itself. */
export function apiRoutes(app: FastifyInstance): RouteKey[] {
  const printed = app.printRoutes({ commonPrefix: false });
  const routes: RouteKey[] = [];
  // A route that extends another's path (`/logout`, `/logoutOthers`) is printed as its child: `Others`.
  const pathAtDepth: string[] = [];
  for (const [, indent = '', segment = '', methods] of printed.matchAll(
    /^([│ ]*)[├└]── (\S+)(?: \(([A-Z, ]+)\))?$/gm,
  )) {
    const depth = indent.length / 4;
    const url = (depth > 0 ? (pathAtDepth[depth - 1] ?? '') : '') + segment;
    pathAtDepth[depth] = url;
    if (!methods || !url.startsWith('/api')) continue;
    for (const method of methods.split(', ')) if (method !== 'HEAD') routes.push({ method, url });
  }
  return routes.sort((a, b) => `${a.url} ${a.method}`.localeCompare(`${b.url} ${b.method}`));
}

export const routeName = ({ method, url }: RouteKey) => `${method} ${url}`;
