/** The signed-in user's calls that many server tests make on the way to what they are about. */
import type { SignedIn, TestApp } from './test-app';

/** A POST of `payload` as `who`, or with no session when `who` is left out. */
export const post = (t: TestApp, url: string, payload: object | undefined, who?: SignedIn) =>
  t.inject({ method: 'POST', url, payload, headers: who?.headers ?? {} });

/** Changes the user's settings through the API, as Settings does. */
export async function updateProfile(t: TestApp, who: SignedIn, payload: object): Promise<void> {
  const response = await t.inject({
    method: 'PATCH',
    url: '/api/users/updateProfile',
    payload,
    headers: who.headers,
  });
  if (response.statusCode !== 200) throw new Error(`updateProfile failed: ${response.body}`);
}

/** A search for `vehicleNumber` as `who`, answered as the server answers it. */
export const search = (t: TestApp, who: SignedIn, vehicleNumber: string) =>
  post(t, '/api/users/getVehicleOwner', { vehicleNumber }, who);
