import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { X509Certificate, createHash } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Agent, request } from 'undici';
import { freePort, waitUntil } from './app-server';

export const NGINX = '/usr/sbin/nginx';
export const nginxInstalled = () => existsSync(NGINX);

const siteConfig = fileURLToPath(new URL('../../deploy/nginx/vahan.conf', import.meta.url));

/** A self-signed certificate for 127.0.0.1, made with openssl. */
export interface TestCertificate {
  certPath: string;
  keyPath: string;
  pem: string;
  /** base64 SHA-256 of its public key, for Chromium's --ignore-certificate-errors-spki-list. */
  spkiHash: string;
}

export function makeCertificate(dir: string): TestCertificate {
  const certPath = path.join(dir, 'cert.pem');
  const keyPath = path.join(dir, 'key.pem');
  execFileSync(
    'openssl',
    [
      ...['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '1', '-subj', '/CN=127.0.0.1'],
      ...['-addext', 'subjectAltName=IP:127.0.0.1', '-keyout', keyPath, '-out', certPath],
    ],
    { stdio: 'ignore' },
  );
  const pem = readFileSync(certPath, 'utf8');
  const spki = new X509Certificate(pem).publicKey.export({ type: 'spki', format: 'der' });
  return { certPath, keyPath, pem, spkiHash: createHash('sha256').update(spki).digest('base64') };
}

/** deploy/nginx/vahan.conf with this test's ports and certificate: each replaced line must be there once. */
export function siteConfigFor(options: {
  upstreams: [number, number];
  httpPort: number;
  httpsPort: number;
  certificate: TestCertificate;
  acmeRoot: string;
  accessLog: string;
}): string {
  const replacements: [string, string][] = [
    ['server 127.0.0.1:8081 ', `server 127.0.0.1:${options.upstreams[0]} `],
    ['server 127.0.0.1:8082 ', `server 127.0.0.1:${options.upstreams[1]} `],
    ['listen 80;', `listen 127.0.0.1:${options.httpPort};`],
    ['listen 443 ssl http2;', `listen 127.0.0.1:${options.httpsPort} ssl http2;`],
    ['/etc/letsencrypt/live/vahan.example.in/fullchain.pem', options.certificate.certPath],
    ['/etc/letsencrypt/live/vahan.example.in/privkey.pem', options.certificate.keyPath],
    ['root /var/www/html;', `root ${options.acmeRoot};`],
    ['/var/log/nginx/vahan.access.log', options.accessLog],
  ];
  let config = readFileSync(siteConfig, 'utf8');
  for (const [from, to] of replacements) {
    const count = config.split(from).length - 1;
    if (count !== 1)
      throw new Error(`deploy/nginx/vahan.conf: expected "${from}" once, found it ${count} times`);
    config = config.replace(from, to);
  }
  return config;
}

export interface RunningNginx {
  /** https://127.0.0.1:<port> */
  url: string;
  /** http://127.0.0.1:<port>: the plain-HTTP server (certificate challenges, the redirect). */
  httpUrl: string;
  /** The port of `url`, for raw TLS connections. */
  httpsPort: number;
  /** Writes a certificate-challenge token where certbot's webroot would (`/.well-known/acme-challenge/`). */
  writeChallenge(token: string, content: string): void;
  certificate: TestCertificate;
  /** An undici dispatcher that trusts the test certificate. */
  dispatcher: Agent;
  errorLog(): string;
  /** What the site's access log holds so far. */
  accessLog(): string;
  stop(): Promise<void>;
}

/** Debian's nginx in the foreground with the site config in a minimal main config, all in a temp dir. */
export async function startNginx(upstreams: [number, number]): Promise<RunningNginx> {
  const dir = mkdtempSync(path.join(tmpdir(), 'vahan-nginx-'));
  // The workers run as another user and must reach the temp folders nginx makes here.
  chmodSync(dir, 0o755);
  const certificate = makeCertificate(dir);
  const [httpPort, httpsPort] = [await freePort(), await freePort()];
  const acmeRoot = path.join(dir, 'webroot');
  const challenges = path.join(acmeRoot, '.well-known', 'acme-challenge');
  mkdirSync(challenges, { recursive: true, mode: 0o755 });
  const accessLogPath = path.join(dir, 'access.log');
  writeFileSync(
    path.join(dir, 'vahan.conf'),
    siteConfigFor({ upstreams, httpPort, httpsPort, certificate, acmeRoot, accessLog: accessLogPath }),
  );
  const errorLogPath = path.join(dir, 'error.log');
  writeFileSync(
    path.join(dir, 'nginx.conf'),
    `daemon off;
worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${errorLogPath} warn;
events { worker_connections 1024; }
http {
    access_log off;
    client_body_temp_path ${dir}/client_body;
    proxy_temp_path ${dir}/proxy;
    fastcgi_temp_path ${dir}/fastcgi;
    uwsgi_temp_path ${dir}/uwsgi;
    scgi_temp_path ${dir}/scgi;
    include ${dir}/vahan.conf;
}
`,
  );
  const child: ChildProcess = spawn(NGINX, ['-p', dir, '-c', `${dir}/nginx.conf`, '-e', errorLogPath], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const url = `https://127.0.0.1:${httpsPort}`;
  const dispatcher = new Agent({ connect: { ca: certificate.pem } });
  const errorLog = () => (existsSync(errorLogPath) ? readFileSync(errorLogPath, 'utf8') : '') + stderr;

  await waitUntil(async () => {
    if (child.exitCode !== null) throw new Error(`nginx exited:\n${errorLog()}`);
    const response = await request(`${url}/api/health`, { dispatcher }).catch(() => undefined);
    await response?.body.dump();
    return response?.statusCode === 200;
  }, 30_000);

  return {
    url,
    httpUrl: `http://127.0.0.1:${httpPort}`,
    httpsPort,
    writeChallenge: (token, content) => writeFileSync(path.join(challenges, token), content, { mode: 0o644 }),
    certificate,
    dispatcher,
    errorLog,
    accessLog: () => (existsSync(accessLogPath) ? readFileSync(accessLogPath, 'utf8') : ''),
    async stop() {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        await exited;
      }
      await dispatcher.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
