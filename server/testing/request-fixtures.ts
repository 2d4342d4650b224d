import type { SendResponse, SentRequest } from '#common/api';
import type { SignedIn, TestApp } from './test-app';
import { post } from './user-api';
import { addVehicle } from './vehicle-fixtures';

export const reply = (t: TestApp, who: SignedIn | undefined, payload: object) =>
  post(t, '/api/users/replyToNotification', payload, who);

export const markSeen = (t: TestApp, who: SignedIn | undefined, ids: string[]) =>
  post(t, '/api/users/notificationsSeen', { ids }, who);

export async function sentRequests(t: TestApp, who: SignedIn): Promise<SentRequest[]> {
  const response = await t.inject({ method: 'GET', url: '/api/users/sentRequests', headers: who.headers });
  if (response.statusCode !== 200) throw new Error(`sentRequests failed: ${response.body}`);
  return response.json<SentRequest[]>();
}

/**
 * A message from `sender` about a vehicle `owner` adds through the API; returns the send's answer:
 * the message as the owner sees it, with the sender's view of it.
 */
export async function messageAbout(
  t: TestApp,
  sender: SignedIn,
  owner: SignedIn,
  vehicleId: string,
  message = 'Your car is blocking the gate',
): Promise<SendResponse> {
  const response = await post(
    t,
    '/api/users/sendMessage',
    { userId: owner.user._id, vehicleId, message },
    sender,
  );
  if (response.statusCode !== 201) throw new Error(`sendMessage failed: ${response.body}`);
  return response.json<SendResponse>();
}

let vehicleCounter = 0;

/** Adds a vehicle for the owner through the API, with a number unique within the test file. */
export async function addNumberedVehicle(
  t: TestApp,
  owner: SignedIn,
): Promise<{ _id: string; vehicleNumber: string }> {
  vehicleCounter += 1;
  const vehicleNumber = `KL07RQ${String(vehicleCounter).padStart(4, '0')}`;
  const { _id } = await addVehicle(t, owner, { name: 'Swift', vehicleNumber });
  return { _id, vehicleNumber };
}

/**
 * A sender, an owner with a vehicle, and one message from the first to the second about it: as the
 * owner sees it (`notification`) and as the send answered its sender's view (`sentRequest`).
 */
export async function aRequest(t: TestApp) {
  const [sender, owner] = [await t.signUp({ name: 'Rahul Nair' }), await t.signUp({ name: 'Meera Das' })];
  const vehicle = await addNumberedVehicle(t, owner);
  const { sentRequest, ...notification } = await messageAbout(t, sender, owner, vehicle._id);
  return { sender, owner, vehicle, notification, sentRequest };
}
