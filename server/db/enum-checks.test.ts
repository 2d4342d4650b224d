import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GENDERS } from '#common/genders';
import { DISTRICTS } from '#common/districts';
import { LANGUAGES } from '#common/languages';
import { IMAGE_TYPES } from '#common/photos';
import { TEMPLATE_KEYS } from '#common/message-templates';
import { REPLY_KINDS } from '#common/replies';
import { VEHICLE_TYPES } from '#common/vehicle-types';
import { cameraJpeg, multipartForm } from '../testing/photo-fixtures';
import { createTestApp, type SignedIn, type TestApp } from '../testing/test-app';
import { addVehicle } from '../testing/vehicle-fixtures';
import { REQUEST_KINDS, REQUEST_VIAS } from './schema';

/** Each enum-like column, a row to write it on, and the values `common/` allows in it. */
interface EnumColumn {
  table: 'users' | 'vehicles' | 'notifications' | 'request_images';
  column: string;
  allowed: readonly string[];
}

const COLUMNS: EnumColumn[] = [
  { table: 'users', column: 'gender', allowed: GENDERS },
  { table: 'users', column: 'district', allowed: DISTRICTS },
  { table: 'users', column: 'language', allowed: LANGUAGES },
  { table: 'vehicles', column: 'vehicle_type', allowed: VEHICLE_TYPES },
  { table: 'notifications', column: 'kind', allowed: REQUEST_KINDS },
  { table: 'notifications', column: 'template_key', allowed: TEMPLATE_KEYS },
  { table: 'notifications', column: 'reply_kind', allowed: REPLY_KINDS },
  { table: 'notifications', column: 'via', allowed: REQUEST_VIAS },
  { table: 'request_images', column: 'content_type', allowed: IMAGE_TYPES },
];

describe('the enum-like columns', () => {
  let t: TestApp;
  let owner: SignedIn;
  const rowIds: Record<EnumColumn['table'], string> = {
    users: '',
    vehicles: '',
    notifications: '',
    request_images: '',
  };

  beforeAll(async () => {
    t = await createTestApp();
    owner = await t.signUp();
    const sender = await t.signUp();
    const vehicle = await addVehicle(t, owner);
    const sent = await t.inject({
      method: 'POST',
      url: '/api/users/sendMessage',
      headers: sender.headers,
      payload: { userId: owner.user._id, vehicleId: vehicle._id, message: 'Please move your car' },
    });
    expect(sent.statusCode).toBe(201);
    rowIds.users = owner.user._id;
    rowIds.vehicles = vehicle._id;
    rowIds.notifications = sent.json<{ _id: string }>()._id;
    const form = multipartForm({ userId: owner.user._id, vehicleId: vehicle._id }, [
      { filename: 'gate.jpg', type: 'image/jpeg', bytes: await cameraJpeg(40, 30) },
    ]);
    const photo = await t.inject({
      method: 'POST',
      url: '/api/users/sendImage',
      headers: { ...sender.headers, ...form.headers },
      payload: form.payload,
    });
    expect(photo.statusCode).toBe(201);
    const imageUrl = photo.json<{ image: { url: string } }>().image.url;
    rowIds.request_images = imageUrl.split('/').at(-1) ?? '';
  });
  afterAll(() => t.close());

  const write = (entry: EnumColumn, value: string) =>
    t.app.database.db.execute(
      sql`update ${sql.identifier(entry.table)} set ${sql.identifier(entry.column)} = ${value} where id = ${rowIds[entry.table]}`,
    );

  it.each(COLUMNS)('$table.$column accepts every value common/ defines', async (entry) => {
    for (const value of entry.allowed) await expect(write(entry, value)).resolves.toBeDefined();
  });

  it.each(COLUMNS)('$table.$column refuses a value common/ does not define', async (entry) => {
    // 23514: check_violation.
    await expect(write(entry, 'not-a-value')).rejects.toMatchObject({ cause: { code: '23514' } });
  });
});
