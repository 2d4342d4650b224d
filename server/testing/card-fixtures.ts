import type { Vehicle } from '#common/api';
import type { CardRequestCreated, CardRequestPayload, VehicleCard } from '#common/card-api';
import type { SignedIn, TestApp } from './test-app';
import { addVehicle } from './vehicle-fixtures';

let addressCounter = 0;
/** A client address of its own, so that one test's tries do not count against another's. */
export function nextAddress(): string {
  addressCounter += 1;
  return `10.23.${Math.floor(addressCounter / 250)}.${(addressCounter % 250) + 1}`;
}

/** An owner with a vehicle and its live card. */
export async function aCard(
  t: TestApp,
  ownerOverrides: Record<string, unknown> = {},
): Promise<{ owner: SignedIn; vehicle: Vehicle; card: VehicleCard }> {
  const owner = await t.signUp(ownerOverrides);
  const vehicle = await addVehicle(t, owner);
  const made = await t.inject({
    method: 'POST',
    url: '/api/users/vehicleCard',
    payload: { vehicleId: vehicle._id },
    headers: owner.headers,
  });
  if (made.statusCode !== 201) throw new Error(`vehicleCard failed: ${made.body}`);
  return { owner, vehicle, card: made.json<VehicleCard>() };
}

/** The plate's last four digits, as a stranger at the car reads them. */
export const last4 = (vehicle: Pick<Vehicle, 'vehicleNumber'>) => vehicle.vehicleNumber.slice(-4);

/** A stranger's try through the card's API, from `address`. */
export const sendThroughCard = (
  t: TestApp,
  code: string,
  payload: CardRequestPayload,
  address = nextAddress(),
  headers: Record<string, string> = {},
) =>
  t.inject({
    method: 'POST',
    url: `/api/public/cards/${code}/requests`,
    payload,
    remoteAddress: address,
    headers,
  });

/** A stranger's request through the card that must be stored. */
export async function sentThroughCard(
  t: TestApp,
  code: string,
  payload: CardRequestPayload,
): Promise<CardRequestCreated> {
  const response = await sendThroughCard(t, code, payload);
  if (response.statusCode !== 201) throw new Error(`card request failed: ${response.body}`);
  return response.json<CardRequestCreated>();
}
