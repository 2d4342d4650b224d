import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { listen } from '../../testing/event-stream';
import { cameraJpeg, multipartForm } from '../../testing/photo-fixtures';
import { createTestApp, type SignedIn, type TestApp } from '../../testing/test-app';
import { reencodePhoto } from './photo-encoding';
import { storedFor, vehicleOf } from '../../testing/notification-fixtures';

/** Photos that reached the decoder, each held there until the test lets it through. */
const held: { release: () => void }[] = [];
async function heldDecoder(bytes: Buffer) {
  await new Promise<void>((release) => held.push({ release }));
  return reencodePhoto(bytes);
}
const releaseAll = () => held.splice(0).forEach(({ release }) => release());

let t: TestApp;
let photo: Buffer;
beforeAll(async () => {
  t = await createTestApp({ env: { SENDS_PER_PAIR_10_MINUTES: '1' }, deps: { decodePhoto: heldDecoder } });
  photo = await cameraJpeg(400, 300);
});
afterAll(async () => {
  releaseAll();
  await t.close();
});

async function pair() {
  const [sender, owner] = [await t.signUp(), await t.signUp()];
  const vehicle = await vehicleOf(t, owner);
  return { sender, owner, vehicle };
}

function photoForm(owner: SignedIn, vehicleId: string) {
  return multipartForm({ userId: owner.user._id, vehicleId }, [
    { filename: 'gate.jpg', type: 'image/jpeg', bytes: photo },
  ]);
}

function sendImage({ sender, owner, vehicle }: Awaited<ReturnType<typeof pair>>) {
  const form = photoForm(owner, vehicle.id);
  return t.inject({
    method: 'POST',
    url: '/api/users/sendImage',
    payload: form.payload,
    headers: { ...sender.headers, ...form.headers },
  });
}

/** Lets every request in flight go as far as it can before the test looks. */
async function settle() {
  for (let turn = 0; turn < 20; turn++) await new Promise((resolve) => setImmediate(resolve));
}

describe('decoding photos', () => {
  it('decodes at most 2 photos at once: a third, already let through by the send rule, waits its turn', async () => {
    const pairs = [await pair(), await pair(), await pair()];
    const answers = pairs.slice(0, 2).map(sendImage);
    await vi.waitFor(() => expect(held).toHaveLength(2));
    const third = sendImage(pairs[2]!);
    await vi.waitFor(async () => expect(await storedFor(t, pairs[2]!.owner)).toHaveLength(1));
    await settle();
    expect(held).toHaveLength(2);
    held.shift()?.release();
    await vi.waitFor(() => expect(held).toHaveLength(2));
    releaseAll();
    await vi.waitFor(() => expect(held).toHaveLength(0));
    const statuses = (await Promise.all([...answers, third])).map((answer) => answer.statusCode);
    releaseAll();
    expect(statuses).toEqual([201, 201, 201]);
  });

  it('answers 429 {message} to a second photo from a user whose first one is decoding', async () => {
    const first = await pair();
    const answer = sendImage(first);
    await vi.waitFor(() => expect(held).toHaveLength(1));
    const other = await vehicleOf(t, first.owner);
    const second = await sendImage({ ...first, vehicle: other });
    expect(second.statusCode).toBe(429);
    expect(second.json()).toEqual({ message: expect.stringContaining('photo') });
    releaseAll();
    expect((await answer).statusCode).toBe(201);
  });

  it('checks the send rule before decoding: a photo past the pair window costs a 429, not a decode', async () => {
    const people = await pair();
    const message = await t.inject({
      method: 'POST',
      url: '/api/users/sendMessage',
      payload: {
        userId: people.owner.user._id,
        vehicleId: people.vehicle.id,
        message: 'Please move your car',
      },
      headers: people.sender.headers,
    });
    expect(message.statusCode).toBe(201);
    const refused = await sendImage(people);
    expect(refused.statusCode).toBe(429);
    expect(held).toHaveLength(0);
  });

  it('answers 401 to an account deleted while its photo was decoding, and keeps no request', async () => {
    const people = await pair();
    const answer = sendImage(people);
    await vi.waitFor(() => expect(held).toHaveLength(1));
    const deleted = await t.inject({
      method: 'DELETE',
      url: '/api/users/account',
      headers: people.sender.headers,
    });
    expect(deleted.statusCode).toBe(200);
    releaseAll();
    expect((await answer).statusCode).toBe(401);
    expect(await storedFor(t, people.owner)).toEqual([]);
  });

  it('answers 401 to an account deleted while its photo was uploading', async () => {
    const people = await pair();
    const base = await listen(t.app);
    const form = photoForm(people.owner, people.vehicle.id);
    const body = Buffer.from(form.payload);
    const answered = new Promise<number>((resolve, reject) => {
      const upload = httpRequest(
        `${base}/api/users/sendImage`,
        {
          method: 'POST',
          headers: { ...people.sender.headers, ...form.headers, 'content-length': body.length },
        },
        (response) => {
          response.resume();
          resolve(response.statusCode ?? 0);
        },
      );
      upload.on('error', reject);
      upload.write(body.subarray(0, body.length / 2), async () => {
        await settle();
        const deleted = await t.inject({
          method: 'DELETE',
          url: '/api/users/account',
          headers: people.sender.headers,
        });
        expect(deleted.statusCode).toBe(200);
        upload.end(body.subarray(body.length / 2));
      });
    });
    expect(await answered).toBe(401);
    expect(held).toHaveLength(0);
  });
});
