/**
 * The floors the browser figures are read against, on a local origin of the bench's own: a page of
 * one line of text, and a minimal service worker that keeps it in its cache and answers navigations
 * from there. Fetched over the network by a fresh profile it is the cold floor; answered by the worker
 * it is the warm floor. The line is a heading like the dashboard's greeting, so the same watcher times both.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export const FLOOR_GREETING = 'Hello, floor';

const PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Floor</title></head>
<body><h2>${FLOOR_GREETING}</h2><script>navigator.serviceWorker.register('/sw.js');</script></body></html>
`;

const WORKER = `
self.addEventListener('install', (event) => {
  event.waitUntil(caches.open('floor').then((cache) => cache.add('/')).then(() => self.skipWaiting()));
});
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));
self.addEventListener('fetch', (event) => {
  if (event.request.mode !== 'navigate') return;
  event.respondWith(caches.match('/').then((cached) => cached ?? fetch(event.request)));
});
`;

export interface FloorServer {
  url: string;
  close(): Promise<void>;
}

export async function startFloorServer(): Promise<FloorServer> {
  const server = http.createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://floor').pathname;
    if (path === '/sw.js') {
      response.writeHead(200, { 'content-type': 'text/javascript', 'cache-control': 'no-cache' });
      response.end(WORKER);
    } else if (path === '/' || path === '/dashboard') {
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-cache' });
      response.end(PAGE);
    } else {
      response.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
