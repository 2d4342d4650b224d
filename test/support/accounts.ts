/** Accounts made over real HTTP against a started server, and a page signed in the way the app stores it. */
import type { AddVehiclePayload, RegisterPayload, Vehicle, VerifyResponse } from '#common/api';
import type { Page } from 'playwright-core';
import { nextPhone, registration } from '../../server/testing/registration';
import type { AppServer } from './app-server';

export { nextPhone };

export interface Account extends VerifyResponse {
  headers: { authorization: string; 'content-type': string };
}

export async function postJson<T>(server: AppServer, path: string, body: unknown, headers = {}): Promise<T> {
  const response = await fetch(`${server.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

/**
 * Registers and verifies a new user with the code the server logs; one who consented to the privacy
 * notice, as the registration form asks, so that no consent prompt covers the screens under test.
 */
export async function signUp(server: AppServer, overrides: Partial<RegisterPayload> = {}): Promise<Account> {
  const phone = overrides.phone ?? nextPhone();
  const payload = registration(phone, { consent: true, ...overrides });
  const codesBefore = server.codeCount(phone);
  await postJson(server, '/api/users/register', payload);
  const otp = await server.waitForCode(phone, codesBefore);
  const verified = await postJson<VerifyResponse>(server, '/api/users/verify', { phone, otp });
  return {
    ...verified,
    headers: { authorization: `Bearer ${verified.token}`, 'content-type': 'application/json' },
  };
}

export function addVehicle(
  server: AppServer,
  account: Account,
  vehicle: AddVehiclePayload,
): Promise<Vehicle> {
  return postJson<Vehicle>(server, '/api/users/addVehicle', vehicle, account.headers);
}

/** Stores the token as src/lib/token.ts does (JSON under `token`); the next load of the app is signed in. */
export async function storeToken(
  page: Page,
  server: Pick<AppServer, 'url'>,
  account: Account,
): Promise<void> {
  if (!page.url().startsWith(server.url)) await page.goto(`${server.url}/login`);
  await page.evaluate((token) => localStorage.setItem('token', JSON.stringify(token)), account.token);
}
