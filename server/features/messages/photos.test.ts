import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ServerNotification } from '#common/api';
import { requests, requestImages } from '../../db/schema';
import { cameraJpeg, multipartForm, plainPng, plainWebp, type FormFile } from '../../testing/photo-fixtures';
import { published } from '../../testing/published';
import { createTestApp, type SignedIn, type TestApp } from '../../testing/test-app';
import { storedFor, unread, vehicleOf } from '../../testing/notification-fixtures';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function pair() {
  const [sender, owner] = [await t.signUp(), await t.signUp()];
  const vehicle = await vehicleOf(t, owner);
  return { sender, owner, vehicle };
}

async function sendImage(
  sender: SignedIn,
  owner: SignedIn,
  vehicleId: string,
  file: FormFile | null,
  fields: Record<string, string> = {},
  headers: Record<string, string> = {},
) {
  const form = multipartForm({ userId: owner.user._id, vehicleId, ...fields }, file ? [file] : []);
  return t.inject({
    method: 'POST',
    url: '/api/users/sendImage',
    payload: form.payload,
    headers: { ...sender.headers, ...form.headers, ...headers },
  });
}

const jpegFile = async (bytes?: Buffer): Promise<FormFile> => ({
  filename: 'gate.jpg',
  type: 'image/jpeg',
  bytes: bytes ?? (await cameraJpeg()),
});

async function readImage(url: string, who: SignedIn | null) {
  return t.inject({ method: 'GET', url, headers: who?.headers ?? {} });
}

describe('POST /api/users/sendImage', () => {
  it('stores a camera JPEG without EXIF, GPS or colour profile, scaled to fit 1280 px, and answers 201', async () => {
    const { sender, owner, vehicle } = await pair();
    const original = await cameraJpeg(2000, 1000);
    expect((await sharp(original).metadata()).exif).toBeDefined();
    const response = await sendImage(sender, owner, vehicle.id, await jpegFile(original), {
      caption: 'Your car blocks my gate',
    });
    expect(response.statusCode).toBe(201);
    const sent = response.json<ServerNotification>();
    expect(sent.content).toBe('Your car blocks my gate');
    expect(sent.image).toEqual({ url: expect.stringMatching(/^\/api\/users\/images\/[0-9a-f-]{36}$/) });
    expect(response.json<{ message: ServerNotification }>().message).toMatchObject({
      _id: sent._id,
      content: 'Your car blocks my gate',
      image: sent.image,
    });

    const image = await readImage(sent.image!.url, owner);
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/jpeg');
    expect(image.headers['cache-control']).toBe('private, no-store');
    const stored = await sharp(image.rawPayload).metadata();
    expect({ format: stored.format, width: stored.width, height: stored.height }).toEqual({
      format: 'jpeg',
      width: 1280,
      height: 640,
    });
    expect({ exif: stored.exif, icc: stored.icc, xmp: stored.xmp }).toEqual({
      exif: undefined,
      icc: undefined,
      xmp: undefined,
    });
    expect(image.rawPayload.includes('TestCam')).toBe(false);
  });

  it.each([
    ['PNG', 'image/png', 'png', plainPng],
    ['WebP', 'image/webp', 'webp', plainWebp],
  ])('keeps a small %s in its type and size', async (_name, type, format, make) => {
    const { sender, owner, vehicle } = await pair();
    const response = await sendImage(sender, owner, vehicle.id, {
      filename: 'photo.bin',
      type: 'application/octet-stream',
      bytes: await make(300, 200),
    });
    expect(response.statusCode).toBe(201);
    const image = await readImage(response.json<ServerNotification>().image!.url, owner);
    expect(image.headers['content-type']).toBe(type);
    const stored = await sharp(image.rawPayload).metadata();
    expect([stored.format, stored.width, stored.height]).toEqual([format, 300, 200]);
  });

  it('scales a tall photo to 1280 px high, keeping its shape', async () => {
    const { sender, owner, vehicle } = await pair();
    const response = await sendImage(sender, owner, vehicle.id, await jpegFile(await cameraJpeg(1000, 3000)));
    const image = await readImage(response.json<ServerNotification>().image!.url, owner);
    const stored = await sharp(image.rawPayload).metadata();
    expect([stored.width, stored.height]).toEqual([427, 1280]);
  });

  it('answers 400 to a text file named .jpg and stores nothing', async () => {
    const { sender, owner, vehicle } = await pair();
    const response = await sendImage(sender, owner, vehicle.id, {
      filename: 'gate.jpg',
      type: 'image/jpeg',
      bytes: Buffer.from('This is not a photo of a gate.\n'),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: expect.any(String) });
    expect(await storedFor(t, owner)).toEqual([]);
  });

  it('refuses a photo of more than 25 megapixels (a decompression bomb) with 400 and stores nothing', async () => {
    const { sender, owner, vehicle } = await pair();
    const response = await sendImage(sender, owner, vehicle.id, {
      filename: 'gate.png',
      type: 'image/png',
      bytes: await plainPng(5800, 4400),
    });
    expect(response.statusCode).toBe(400);
    expect(await storedFor(t, owner)).toEqual([]);
  });

  it('answers 400 to a form without its image and stores nothing', async () => {
    const { sender, owner, vehicle } = await pair();
    const response = await sendImage(sender, owner, vehicle.id, null, { caption: 'No photo' });
    expect(response.statusCode).toBe(400);
    expect(await storedFor(t, owner)).toEqual([]);
  });

  it('answers 413 to a photo over IMAGE_MAX_BYTES and stores nothing', async () => {
    const { sender, owner, vehicle } = await pair();
    const huge = Buffer.concat([await cameraJpeg(), Buffer.alloc(t.config.images.maxBytes)]);
    const response = await sendImage(sender, owner, vehicle.id, await jpegFile(huge));
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ message: expect.stringContaining('2.0 MB') });
    expect(await storedFor(t, owner)).toEqual([]);
  });

  it('answers 400 to a caption with a phone number and stores nothing', async () => {
    const { sender, owner, vehicle } = await pair();
    const response = await sendImage(sender, owner, vehicle.id, await jpegFile(), {
      caption: 'Call me on 98470 12345',
    });
    expect(response.statusCode).toBe(400);
    expect(await storedFor(t, owner)).toEqual([]);
  });

  it('answers 400 to a caption over 140 characters', async () => {
    const { sender, owner, vehicle } = await pair();
    const response = await sendImage(sender, owner, vehicle.id, await jpegFile(), {
      caption: 'a'.repeat(141),
    });
    expect(response.statusCode).toBe(400);
  });

  it('rounds the location to 3 decimals and shows it to the receiver with the photo', async () => {
    const { sender, owner, vehicle } = await pair();
    const response = await sendImage(sender, owner, vehicle.id, await jpegFile(), {
      latitude: '9.967891',
      longitude: '76.283456',
    });
    expect(response.statusCode).toBe(201);
    const [received] = await unread(t, owner);
    expect(received?.location).toEqual({ latitude: 9.968, longitude: 76.283 });
    expect(received?.image?.url).toBe(response.json<ServerNotification>().image?.url);
    const [row] = await t.app.database.db
      .select()
      .from(requestImages)
      .where(eq(requestImages.notificationId, received!._id));
    expect([row?.latitude, row?.longitude]).toEqual([9.968, 76.283]);
  });

  it('answers 400 to a latitude without a longitude', async () => {
    const { sender, owner, vehicle } = await pair();
    const response = await sendImage(sender, owner, vehicle.id, await jpegFile(), { latitude: '9.9' });
    expect(response.statusCode).toBe(400);
    expect(await storedFor(t, owner)).toEqual([]);
  });

  it('pushes the receiver a text that says it comes with a photo', async () => {
    const { sender, owner, vehicle } = await pair();
    const spy = vi.spyOn(t.app.notificationBus, 'publish');
    try {
      await sendImage(sender, owner, vehicle.id, await jpegFile(), { caption: 'Blocked gate' });
      await sendImage(sender, owner, vehicle.id, await jpegFile());
      const pushes = published(spy, 'notification', owner.user._id).map((entry) => entry.push?.body);
      expect(pushes).toEqual(['Blocked gate (with a photo)', 'Sent with a photo']);
    } finally {
      spy.mockRestore();
    }
  });

  it('stores a photo sent twice with one Idempotency-Key once', async () => {
    const { sender, owner, vehicle } = await pair();
    const file = await jpegFile();
    const key = { 'idempotency-key': 'photo-key-0001' };
    const first = await sendImage(sender, owner, vehicle.id, file, { caption: 'Gate' }, key);
    const repeat = await sendImage(sender, owner, vehicle.id, file, { caption: 'Gate' }, key);
    expect([first.statusCode, repeat.statusCode]).toEqual([201, 201]);
    expect(repeat.headers['idempotent-replayed']).toBe('true');
    expect(await storedFor(t, owner)).toHaveLength(1);
  });

  it('refuses a photo to an owner who blocked the sender (403), like a message', async () => {
    const { sender, owner, vehicle } = await pair();
    const first = await sendImage(sender, owner, vehicle.id, await jpegFile());
    const blocked = await t.inject({
      method: 'POST',
      url: '/api/users/blockSender',
      headers: owner.headers,
      payload: { notificationId: first.json<ServerNotification>()._id },
    });
    expect(blocked.statusCode).toBe(200);
    const refused = await sendImage(sender, owner, vehicle.id, await jpegFile());
    expect(refused.statusCode).toBe(403);
    expect(await storedFor(t, owner)).toHaveLength(1);
  });

  it('answers 400 to a form cut off in the middle of its photo, stores nothing and keeps serving', async () => {
    const { sender, owner, vehicle } = await pair();
    const form = multipartForm({ userId: owner.user._id, vehicleId: vehicle.id }, [await jpegFile()]);
    const response = await t.inject({
      method: 'POST',
      url: '/api/users/sendImage',
      payload: form.payload.subarray(0, form.payload.length - 200),
      headers: { ...sender.headers, ...form.headers },
    });
    expect(response.statusCode).toBe(400);
    expect(await storedFor(t, owner)).toEqual([]);
    const next = await sendImage(sender, owner, vehicle.id, await jpegFile());
    expect(next.statusCode).toBe(201);
  });

  it('answers 401 to a form sent without a session', async () => {
    const { owner, vehicle } = await pair();
    const form = multipartForm({ userId: owner.user._id, vehicleId: vehicle.id }, [await jpegFile()]);
    const response = await t.inject({
      method: 'POST',
      url: '/api/users/sendImage',
      payload: form.payload,
      headers: form.headers,
    });
    expect(response.statusCode).toBe(401);
  });
});

describe('GET /api/users/images/{id}', () => {
  it('shows a photo to its receiver and its sender, and to a third user or no token answers 404', async () => {
    const { sender, owner, vehicle } = await pair();
    const third = await t.signUp();
    const { url } = (await sendImage(sender, owner, vehicle.id, await jpegFile())).json<ServerNotification>()
      .image!;
    expect((await readImage(url, owner)).statusCode).toBe(200);
    expect((await readImage(url, sender)).statusCode).toBe(200);
    const refused = [await readImage(url, third), await readImage(url, null)];
    expect(refused.map((response) => response.statusCode)).toEqual([404, 404]);
    expect(refused.map((response) => response.json())).toEqual([
      { message: expect.any(String) },
      { message: expect.any(String) },
    ]);
  });

  it('goes with its request, and with the account of its receiver', async () => {
    const { sender, owner, vehicle } = await pair();
    const first = (await sendImage(sender, owner, vehicle.id, await jpegFile())).json<ServerNotification>();
    const second = (await sendImage(sender, owner, vehicle.id, await jpegFile())).json<ServerNotification>();
    await t.app.database.db.delete(requests).where(eq(requests.id, first._id));
    expect((await readImage(first.image!.url, sender)).statusCode).toBe(404);
    const deleted = await t.inject({ method: 'DELETE', url: '/api/users/account', headers: owner.headers });
    expect(deleted.statusCode).toBe(200);
    const left = await t.app.database.db
      .select()
      .from(requestImages)
      .where(eq(requestImages.notificationId, second._id));
    expect(left).toEqual([]);
  });
});
