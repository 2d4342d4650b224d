import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { qrCodesOf } from '../../../testing/pdf-images';
import { createTestApp, type TestApp } from '../../../testing/test-app';
import { addVehicle } from '../../../testing/vehicle-fixtures';
import { aCard } from '../../../testing/card-fixtures';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const pdfOf = (vehicleId: string, headers: Record<string, string>) =>
  t.inject({ method: 'GET', url: `/api/users/vehicleCard.pdf?vehicleId=${vehicleId}`, headers });

describe('GET /api/users/vehicleCard.pdf', () => {
  it("is the owner's card as a PDF whose QR code reads back to the card's URL", async () => {
    const { owner, vehicle, card } = await aCard(t);
    const response = await pdfOf(vehicle._id, owner.headers);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['cache-control']).toBe('no-store');
    const pdf = response.rawPayload;
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(await qrCodesOf(pdf)).toEqual([card.url]);
  });

  it('prints PUBLIC_ORIGIN under the QR code, not a Host or X-Forwarded-Host a client forged', async () => {
    const behindProxy = await createTestApp({
      env: { PUBLIC_ORIGIN: 'https://vahan.example', TRUST_PROXY: '1' },
    });
    try {
      const { owner, vehicle, card } = await aCard(behindProxy);
      expect(card.url).toBe(`https://vahan.example/c/${card.code}`);
      const response = await behindProxy.inject({
        method: 'GET',
        url: `/api/users/vehicleCard.pdf?vehicleId=${vehicle._id}`,
        headers: { ...owner.headers, host: 'forged.example', 'x-forwarded-host': 'javascript://x' },
      });
      expect(response.statusCode).toBe(200);
      expect(await qrCodesOf(response.rawPayload)).toEqual([`https://vahan.example/c/${card.code}`]);
    } finally {
      await behindProxy.close();
    }
  });

  it("answers 404 for another owner's vehicle, an unknown one, and one without a live card", async () => {
    const { vehicle } = await aCard(t);
    const other = await t.signUp();
    const withoutCard = await addVehicle(t, other);
    for (const id of [vehicle._id, '00000000-0000-4000-8000-000000000000', withoutCard._id]) {
      const response = await pdfOf(id, other.headers);
      expect(response.statusCode, id).toBe(404);
      expect(response.json(), id).toEqual({ message: 'This card is not in use.' });
    }
  });

  it('refuses a request without a session', async () => {
    const { vehicle } = await aCard(t);
    expect((await pdfOf(vehicle._id, {})).statusCode).toBe(401);
  });
});
