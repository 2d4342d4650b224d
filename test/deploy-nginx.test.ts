/**
 * The deployment recipe, run: two instances on one PostgreSQL behind Debian's nginx with
 * deploy/nginx/vahan.conf (only its ports and certificate changed), TLS with a certificate made here.
 * What the recipe promises at its edge (certificate renewal over plain HTTP, modern TLS only, no
 * version shown, a redirect to the configured name, sign-in floods turned away), a resident's journey
 * through https:// in Chromium, then a rolling restart of both instances under load: no request
 * fails, the live stream reconnects and misses nothing, no acknowledged write is lost.
 */
import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { connect, type SecureVersion } from 'node:tls';
import type { Page } from 'playwright-core';
import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MessagePayload, Vehicle } from '#common/api';
import { messageTemplates } from '#common/message-templates';
import { textsFor } from '../server/i18n/texts';
import { multipartForm } from '../server/testing/photo-fixtures';
import { serverErrors, STEADY_LOAD_SERVER_ENV, steadyLoad } from '../server/testing/steady-load';
import { addVehicle, signUp, storeToken, type Account } from './support/accounts';
import { freePort, startAppServer, type AppServer } from './support/app-server';
import { describeInBrowser, launchContext, type LaunchedContext } from './support/chromium';
import { nginxInstalled, startNginx, type RunningNginx } from './support/nginx';
import { expectVisible } from './support/page-checks';
import { createPostgresDatabase } from '../server/testing/postgres-database';

const adminUrl = process.env.DATABASE_URL;
const missing = !adminUrl
  ? 'DATABASE_URL is not set'
  : !nginxInstalled()
    ? 'no nginx at /usr/sbin/nginx'
    : '';
// CI installs nginx: there, its absence is a failure, not a skip (as for Chromium).
if (!nginxInstalled() && process.env.REQUIRE_BROWSER === '1')
  throw new Error('REQUIRE_BROWSER=1 but no nginx');
if (missing) console.warn(`!!! NGINX DEPLOYMENT TEST SKIPPED: ${missing} !!!`);
const describeDeployed = missing ? describe.skip : describeInBrowser;

const OWNER = 'Bindu Owner';
const FINDER = 'Arun Finder';
/** deploy/nginx/vahan.conf's server_name. */
const SERVER_NAME = 'vahan.example.in';
const INSTANCE_ENV = {
  // The resident signs in again right after registering: no wait for the gap between two codes.
  CODE_RESEND_GAP_S: '0',
  // Only nginx's own sign-in limit is tested here.
  CODE_REQUESTS_PER_ADDRESS_HOUR: '1000',
  TRUST_PROXY: '1',
  HSTS: 'true',
  SHUTDOWN_DRAIN_S: '2',
  SENDS_PER_SENDER_MINUTE: '100',
  SENDS_PER_PAIR_10_MINUTES: '100',
  ...STEADY_LOAD_SERVER_ENV,
};

describeDeployed(`the nginx deployment${missing ? ` (skipped: ${missing})` : ''}`, () => {
  let database: Awaited<ReturnType<typeof createPostgresDatabase>>;
  const ports: [number, number] = [0, 0];
  const instances: AppServer[] = [];
  let nginx: RunningNginx;
  const browsers: LaunchedContext[] = [];

  const startInstance = (index: 0 | 1) =>
    startAppServer({ ...INSTANCE_ENV, DATABASE_URL: database.url, PORT: String(ports[index]) });

  beforeAll(async () => {
    database = await createPostgresDatabase(adminUrl!, 'browser');
    ports[0] = await freePort();
    ports[1] = await freePort();
    // One after the other: the first one migrates the new database.
    instances[0] = await startInstance(0);
    instances[1] = await startInstance(1);
    // Registered directly with an instance: the journey below signs this resident in through nginx.
    resident = await signUp(instances[1], { name: FINDER });
    nginx = await startNginx(ports);
  });

  afterAll(async () => {
    await Promise.all(browsers.map((browser) => browser.close()));
    await nginx?.stop();
    await Promise.all(instances.map((instance) => instance.stop()));
    await database?.drop();
  });

  /** A Chromium that trusts the test certificate (so the service worker may register). */
  async function browserPage(): Promise<Page> {
    const browser = await launchContext({
      extraArgs: [`--ignore-certificate-errors-spki-list=${nginx.certificate.spkiHash}`],
    });
    browsers.push(browser);
    return browser.context.newPage();
  }

  /** The code an instance logged for the phone: whichever instance nginx sent the request to. */
  function codeFor(phone: string, before: number[]): Promise<string> {
    return Promise.any(instances.map((instance, index) => instance.waitForCode(phone, before[index])));
  }

  async function sendMessage(sender: Account, payload: MessagePayload): Promise<number> {
    const response = await request(`${nginx.url}/api/users/sendMessage`, {
      method: 'POST',
      headers: sender.headers,
      body: JSON.stringify(payload),
      dispatcher: nginx.dispatcher,
    });
    await response.body.dump();
    return response.statusCode;
  }

  let resident: Account;
  let owner: Account;
  let vehicle: Vehicle;
  let finder: Account;
  let ownerPage: Page;
  const sentTexts: string[] = [];

  const bellLabel = () =>
    ownerPage.getByRole('button', { name: /^Notifications/ }).getAttribute('aria-label');

  it('serves the app over https with HTTP/2, HSTS and compressed text', async () => {
    const page = await browserPage();
    const document = await page.goto(`${nginx.url}/login`);
    expect(document?.status()).toBe(200);
    expect(await document?.headerValue('strict-transport-security')).toMatch(/max-age=\d+/);
    const protocol = await page.evaluate(
      () => (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).nextHopProtocol,
    );
    expect(protocol).toBe('h2');
    const scriptPath = /<script[^>]+src="([^"]+\.js)"/.exec(await document!.text())?.[1];
    const script = await request(new URL(scriptPath!, nginx.url), {
      headers: { 'accept-encoding': 'gzip' },
      dispatcher: nginx.dispatcher,
    });
    await script.body.dump();
    expect(script.statusCode).toBe(200);
    expect(script.headers['content-encoding']).toBe('gzip');
  });

  it('answers a certificate challenge over plain HTTP, before any redirect, so renewals succeed', async () => {
    const token = randomBytes(16).toString('hex');
    nginx.writeChallenge(token, `${token}.account-key-thumbprint`);
    const response = await request(`${nginx.httpUrl}/.well-known/acme-challenge/${token}`, {
      headers: { host: SERVER_NAME },
    });
    expect(response.statusCode).toBe(200);
    expect(await response.body.text()).toBe(`${token}.account-key-thumbprint`);
    const missing = await request(`${nginx.httpUrl}/.well-known/acme-challenge/not-issued`);
    await missing.body.dump();
    expect(missing.statusCode).toBe(404);
  });

  it('redirects plain HTTP to https:// at its configured name, whatever Host the client sends', async () => {
    for (const host of [SERVER_NAME, 'evil.example']) {
      const response = await request(`${nginx.httpUrl}/vehicleSearch?number=KL07`, { headers: { host } });
      await response.body.dump();
      expect(response.statusCode).toBe(301);
      expect(response.headers.location).toBe(`https://${SERVER_NAME}/vehicleSearch?number=KL07`);
    }
  });

  /** The cipher suite nginx agrees to with a client offering only `ciphers`. */
  function handshake(ciphers: string, maxVersion: SecureVersion = 'TLSv1.2'): Promise<string> {
    return new Promise((resolve, reject) => {
      const socket = connect({
        host: '127.0.0.1',
        port: nginx.httpsPort,
        ca: nginx.certificate.pem,
        ciphers,
        maxVersion,
      });
      socket.once('secureConnect', () => {
        resolve(socket.getCipher().name);
        socket.end();
      });
      socket.once('error', reject);
    });
  }

  it.each([
    [
      'CBC suites only',
      'ECDHE-RSA-AES128-SHA:ECDHE-RSA-AES256-SHA:ECDHE-RSA-AES128-SHA256:ECDHE-RSA-AES256-SHA384',
    ],
    ['suites without forward secrecy only', 'AES128-GCM-SHA256:AES256-GCM-SHA384:AES128-SHA:AES256-SHA'],
  ])('refuses a TLS 1.2 client that offers %s', async (_offer, ciphers) => {
    await expect(handshake(ciphers)).rejects.toThrow();
  });

  it('agrees on TLS 1.3, and on TLS 1.2 with ECDHE and AES-GCM or ChaCha20', async () => {
    expect(await handshake('ECDHE-RSA-AES128-GCM-SHA256')).toBe('ECDHE-RSA-AES128-GCM-SHA256');
    expect(await handshake('ECDHE-RSA-CHACHA20-POLY1305')).toBe('ECDHE-RSA-CHACHA20-POLY1305');
    expect(await handshake('ECDHE-RSA-AES128-GCM-SHA256', 'TLSv1.3')).toMatch(/^TLS_/);
  });

  it('names no nginx version in its Server header, over https or plain HTTP', async () => {
    for (const [url, dispatcher] of [
      [`${nginx.url}/api/health`, nginx.dispatcher],
      [`${nginx.url}/assets/gone-123.js`, nginx.dispatcher],
      [`${nginx.httpUrl}/`, undefined],
    ] as const) {
      const response = await request(url, { dispatcher });
      await response.body.dump();
      expect(response.headers.server).toBe('nginx');
    }
  });

  it('signs a resident in, finds an owner by number and messages them; the owner sees it live', async () => {
    owner = await signUp(instances[0]!, { name: OWNER });
    vehicle = await addVehicle(instances[0]!, owner, { name: 'Blue Alto', vehicleNumber: 'KL07AB4321' });

    ownerPage = await browserPage();
    await ownerPage.goto(`${nginx.url}/login`);
    await storeToken(ownerPage, nginx, owner);
    await ownerPage.goto(`${nginx.url}/dashboard`);
    await expectVisible(ownerPage.getByRole('heading', { name: `Hello, ${OWNER}` }));
    await expect.poll(bellLabel, { timeout: 15_000 }).toBe('Notifications');

    const page = await browserPage();
    await page.goto(`${nginx.url}/login`);
    const phone = resident.user.phone;
    const before = instances.map((instance) => instance.codeCount(phone));
    await page.getByRole('textbox', { name: 'Mobile number' }).fill(phone);
    await page.getByRole('button', { name: 'SEND VERIFICATION CODE' }).click();
    await page.waitForURL((url) => url.pathname === '/otp-verification');
    const code = await codeFor(phone, before);
    await page.getByRole('textbox', { name: 'Digit 1 of 6' }).click();
    await page.keyboard.type(code);
    await page.getByRole('button', { name: 'VERIFY CODE' }).click();
    await page.waitForURL((url) => url.pathname === '/dashboard');
    await expectVisible(page.getByRole('heading', { name: `Hello, ${FINDER}` }));
    finder = { ...resident, token: await page.evaluate(() => JSON.parse(localStorage.getItem('token')!)) };
    finder.headers = { ...resident.headers, authorization: `Bearer ${finder.token}` };

    await page.getByRole('textbox', { name: 'TYPE VEHICLE NUMBER' }).fill('kl 07 ab 4321');
    await page.getByRole('button', { name: 'FIND VEHICLE OWNER' }).click();
    const card = page
      .getByRole('region', { name: 'Search Results' })
      .getByRole('listitem')
      .filter({ hasText: OWNER });
    await expectVisible(card);
    await card.getByRole('link').click();
    await page.waitForURL((url) => url.pathname === '/message');
    await page.getByRole('button', { name: 'Send SMS' }).click();
    const modal = page.getByRole('dialog', { name: 'Notify User About Vehicle' });
    const text = messageTemplates(textsFor('en'), vehicle.vehicleNumber)[0]!;
    await modal.getByRole('button', { name: text }).click();
    const alerted = page.waitForEvent('dialog');
    await modal.getByRole('button', { name: 'Notify User' }).click();
    const alert = await alerted;
    expect(alert.message()).toBe(`Message sent: ${text}`);
    await alert.accept();
    sentTexts.push(text);

    await expect.poll(bellLabel, { timeout: 15_000 }).toBe('Notifications, 1 unread');
  });

  it('meets the install criteria over TLS: a manifest with its icons, and an activated service worker', async () => {
    const manifestHref = await ownerPage.locator('link[rel="manifest"]').getAttribute('href');
    const manifest = await ownerPage.evaluate(
      async (href) =>
        (await (await fetch(href)).json()) as {
          name?: string;
          start_url?: string;
          display?: string;
          icons?: { sizes: string }[];
        },
      manifestHref!,
    );
    expect(manifest).toMatchObject({
      name: expect.any(String),
      start_url: expect.any(String),
      display: 'standalone',
    });
    expect(manifest.icons?.map((icon) => icon.sizes)).toEqual(expect.arrayContaining(['192x192', '512x512']));
    await expect
      .poll(() => ownerPage.evaluate(async () => (await navigator.serviceWorker.ready).active?.state), {
        timeout: 30_000,
      })
      .toBe('activated');
  });

  it(
    'restarts one instance, then the other, under load: no request fails, the live stream misses nothing, no acknowledged write is lost',
    { timeout: 300_000 },
    async () => {
      const loadUser = await signUp(instances[0]!, { name: 'Load Tester' });
      const load = steadyLoad({
        baseUrl: nginx.url,
        token: loadUser.token,
        workers: 4,
        connect: { ca: nginx.certificate.pem },
      });
      const message = async () => {
        const text = `Please move your Alto ${randomBytes(3).toString('hex')}`;
        const status = await sendMessage(finder, {
          userId: owner.user._id,
          vehicleId: vehicle._id,
          message: text,
        });
        expect(status, nginx.errorLog()).toBe(201);
        sentTexts.push(text);
      };
      await load.answered(20);

      for (const index of [0, 1] as const) {
        const stopping = instances[index]!.stop();
        await message();
        await stopping;
        await message();
        instances[index] = await startInstance(index);
        await load.answered(20);
      }
      await message();
      const outcome = await load.stop();

      // nginx itself never went away: not one connection to it was refused or reset.
      expect(outcome.failures).toEqual([]);
      expect(outcome.resetBeforeAnswer).toEqual([]);
      expect(outcome.refused).toBe(0);
      // nginx's error log names the upstream error behind a 502.
      expect(serverErrors(outcome), nginx.errorLog()).toEqual({});
      expect(outcome.acknowledged.length).toBeGreaterThan(0);
      const stored = await request(`${nginx.url}/api/users/getMyVehicles`, {
        headers: loadUser.headers,
        dispatcher: nginx.dispatcher,
      });
      const numbers = ((await stored.body.json()) as Vehicle[]).map((one) => one.vehicleNumber);
      expect(numbers).toEqual(expect.arrayContaining(outcome.acknowledged));

      // The owner's page stayed open throughout: its stream reconnected and caught up on what it missed.
      await expect.poll(bellLabel, { timeout: 60_000 }).toBe(`Notifications, ${sentTexts.length} unread`);
      await ownerPage.getByRole('button', { name: /^Notifications/ }).click();
      const panel = ownerPage.getByRole('region', { name: 'Notifications' });
      for (const text of sentTexts)
        await expectVisible(panel.getByRole('listitem').filter({ hasText: text }));
      // What nginx retried on the other instance is fine: a refused connection, or a GET whose
      // connection the closing listener reset. Nothing else: no POST failed, never no live upstream.
      const retriedByNginx = /connect\(\) failed \(111|request: "GET /;
      const nginxErrors = nginx
        .errorLog()
        .split('\n')
        .filter(
          (line) =>
            /\[(error|crit|alert|emerg)\]/.test(line) &&
            (/no live upstreams/.test(line) || !retriedByNginx.test(line)),
        );
      expect(nginxErrors).toEqual([]);
    },
  );

  /** A phone camera's photo: noise, so that JPEG cannot make it small (about 1.2 MB). */
  const noisyPhoto = () =>
    sharp(randomBytes(1400 * 1000 * 3), { raw: { width: 1400, height: 1000, channels: 3 } })
      .jpeg({ quality: 92 })
      .toBuffer();

  async function uploadPhoto(sender: Account, to: Account, vehicleId: string, bytes: Buffer) {
    const form = multipartForm({ userId: to.user._id, vehicleId }, [
      { filename: 'gate.jpg', type: 'image/jpeg', bytes },
    ]);
    const response = await request(`${nginx.url}/api/users/sendImage`, {
      method: 'POST',
      headers: { authorization: sender.headers.authorization, ...form.headers },
      body: form.payload,
      dispatcher: nginx.dispatcher,
    });
    return { status: response.statusCode, headers: response.headers, body: await response.body.text() };
  }

  /** The headers the app sends with every answer, which nginx's own answers carry too. */
  function expectSecurityHeaders(headers: Record<string, string | string[] | undefined>) {
    expect(headers['content-type']).toMatch(/^application\/json/);
    expect(headers['cache-control']).toBe('no-store');
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['x-frame-options']).toBe('DENY');
    expect(headers['referrer-policy']).toBe('no-referrer');
    expect(headers['content-security-policy']).toMatch(/frame-ancestors 'none'/);
    expect(headers['strict-transport-security']).toMatch(/max-age=\d+/);
  }

  it('takes a real photo through nginx (IMAGE_MAX_BYTES and the form around it)', async () => {
    const [sender, receiver] = [await signUp(instances[0]!), await signUp(instances[1]!)];
    const car = await addVehicle(instances[0]!, receiver, { name: 'Swift', vehicleNumber: 'KL07PH2024' });
    const photo = await noisyPhoto();
    expect(photo.length).toBeGreaterThan(1024 * 1024);
    const sent = await uploadPhoto(sender, receiver, car._id, photo);
    expect(sent.status, sent.body).toBe(201);
  });

  it("answers a body too large for nginx as JSON {message} with the app's security headers, not an HTML 413", async () => {
    const [sender, receiver] = [await signUp(instances[0]!), await signUp(instances[1]!)];
    const car = await addVehicle(instances[0]!, receiver, { name: 'Swift', vehicleNumber: 'KL07PH2025' });
    const tooLarge = await uploadPhoto(sender, receiver, car._id, randomBytes(3 * 1024 * 1024));
    expect(tooLarge.status).toBe(413);
    expect(JSON.parse(tooLarge.body)).toEqual({ message: expect.any(String) });
    expectSecurityHeaders(tooLarge.headers);
    const response = await request(`${nginx.url}/api/users/sendMessage`, {
      method: 'POST',
      headers: sender.headers,
      body: JSON.stringify({ message: 'x'.repeat(100 * 1024) }),
      dispatcher: nginx.dispatcher,
    });
    expect(response.statusCode).toBe(413);
    expect(await response.body.json()).toEqual({ message: expect.any(String) });
    expectSecurityHeaders(response.headers);
  });

  it('writes its access log without query strings', async () => {
    const secret = randomBytes(8).toString('hex');
    const response = await request(`${nginx.url}/api/health?secret=${secret}`, {
      dispatcher: nginx.dispatcher,
    });
    await response.body.dump();
    await expect.poll(() => nginx.accessLog()).toMatch(/"GET \/api\/health HTTP/);
    expect(nginx.accessLog()).not.toContain(secret);
    expect(nginx.accessLog()).not.toContain('?');
  });

  // Last: it uses up this address's sign-in allowance at nginx.
  it('turns a burst of sign-in requests from one address away at nginx with 429 {message}', async () => {
    const answers = await Promise.all(
      Array.from({ length: 80 }, async () => {
        const response = await request(`${nginx.url}/api/users/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ phone: '9000000001' }),
          dispatcher: nginx.dispatcher,
        });
        return { status: response.statusCode, headers: response.headers, body: await response.body.text() };
      }),
    );
    const refused = answers.filter((answer) => answer.status === 429);
    expect(refused.length).toBeGreaterThan(0);
    expect(answers.filter((answer) => answer.status !== 429).map((answer) => answer.status)).toEqual(
      expect.arrayContaining([404]),
    );
    for (const answer of refused) {
      expect(JSON.parse(answer.body)).toEqual({
        message: 'Too many sign-in requests from this network. Please wait a minute and try again.',
      });
      expect(answer.headers['retry-after']).toBe('60');
      expect(answer.headers['cache-control']).toBe('no-store');
      expect(answer.headers.server).toBe('nginx');
    }
  });

  // After the sign-in flood: the code-sending paths share its allowance, so these are refused at once.
  it.each([
    ['/api/public/phone/code', { phone: '9000000002' }],
    ['/c/ABCD2345/call/code', { phone: '9000000002' }],
  ])(
    'turns a burst of code requests to %s from one address away at nginx with 429 {message}',
    async (path, body) => {
      const answers = await Promise.all(
        Array.from({ length: 40 }, async () => {
          const response = await request(`${nginx.url}${path}`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify(body),
            dispatcher: nginx.dispatcher,
          });
          return { status: response.statusCode, headers: response.headers, body: await response.body.text() };
        }),
      );
      const refused = answers.filter((answer) => answer.status === 429);
      expect(refused.length).toBeGreaterThan(0);
      for (const answer of refused) {
        expect(JSON.parse(answer.body)).toEqual({
          message: expect.stringContaining('Too many code requests'),
        });
        expect(answer.headers['retry-after']).toBe('60');
        expectSecurityHeaders(answer.headers);
      }
    },
  );

  // Last of all: it stops both instances.
  it('answers 502 as JSON {message} with the security headers when no instance answers', async () => {
    await Promise.all(instances.map((instance) => instance.stop()));
    const response = await request(`${nginx.url}/api/users/getMyVehicles`, { dispatcher: nginx.dispatcher });
    expect(response.statusCode).toBe(502);
    expect(await response.body.json()).toEqual({ message: expect.any(String) });
    expectSecurityHeaders(response.headers);
  });
});
