/**
 * The pages a stranger opens with no app: a windscreen card (`/c/{code}`, its send form) and a wiper
 * slip (`/s/{code}`, the note and its answer buttons). Made through the owner's API for a seeded
 * owner, then timed like the app's cold start (fresh profile, 4× CPU, slow 4G) from navigation to the
 * moment the form or the buttons are painted, against the same run's cold floor.
 */
import type { MyVehicle, VehicleCard } from '#common/card-api';
import { TEMPLATE_KEYS } from '#common/message-templates';
import type { CreatedSlips } from '#common/slips-api';
import { median, timedVisit, withContext, type BrowserRun } from './browser';

export interface StrangerPage {
  name: string;
  path: string;
  /** Present once the page can be used: the send form's button, or the slip's answer buttons. */
  readySelector: string;
}

export interface StrangerPageResult extends StrangerPage {
  cold: BrowserRun[];
  coldMedianMs: number;
}

/** A plate no one registered: the slip's note is for a car whose owner is not on the app. */
const SLIP_PLATE = 'KL07ZZ4321';

async function api<T>(url: string, token: string, method: string, path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${url}/api/users${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

/** The owner's first vehicle's windscreen card, and one wiper slip with a note on it. */
export async function makePagesForStrangers(url: string, token: string): Promise<StrangerPage[]> {
  const [vehicle] = await api<MyVehicle[]>(url, token, 'GET', '/getMyVehicles');
  if (!vehicle) throw new Error('the bench owner has no vehicle');
  const card = await api<VehicleCard>(url, token, 'POST', '/vehicleCard', { vehicleId: vehicle._id });
  const {
    slips: [slip],
  } = await api<CreatedSlips>(url, token, 'POST', '/slips', { count: 1 });
  if (!slip) throw new Error('no slip was made');
  await api(url, token, 'POST', `/slips/${encodeURIComponent(slip.code)}/attach`, {
    vehicleNumber: SLIP_PLATE,
    templateKey: TEMPLATE_KEYS[0],
  });
  return [
    { name: 'windscreen card', path: `/c/${card.code}`, readySelector: 'form button[type="submit"]' },
    { name: 'wiper slip', path: `/s/${slip.code}`, readySelector: 'button[name="kind"]' },
  ];
}

/** `runs` cold visits of each page, each in a fresh profile. */
export async function timePagesForStrangers(
  url: string,
  pages: StrangerPage[],
  runs: number,
): Promise<StrangerPageResult[]> {
  const results: StrangerPageResult[] = [];
  for (const page of pages) {
    const cold: BrowserRun[] = [];
    for (let run = 0; run < runs; run++) {
      cold.push(
        await withContext({ selector: page.readySelector }, (context) =>
          timedVisit(context, `${url}${page.path}`, false),
        ),
      );
    }
    results.push({ ...page, cold, coldMedianMs: median(cold.map((run) => run.nameShownMs)) });
  }
  return results;
}
