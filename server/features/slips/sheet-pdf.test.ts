import { inflateSync } from 'node:zlib';
import jsQR from 'jsqr';
import type { PDFNumber } from 'pdf-lib';
import { PDFDocument, PDFName, PDFRawStream } from 'pdf-lib';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatSlipCode } from '#common/slip-code';
import type { CreatedSlips } from '#common/slips-api';
import { windscreenCardPdf } from '../../lib/printable/windscreen-card';
import { drawnRuns, fontNamesOf } from '../../testing/pdf-text';
import { createTestApp, type SignedIn, type TestApp } from '../../testing/test-app';

let t: TestApp;
let maker: SignedIn;
beforeAll(async () => {
  t = await createTestApp();
  maker = await t.signUp();
});
afterAll(() => t.close());

/** A Host a client forged: the printed links stay on PUBLIC_ORIGIN. */
const HOST = 'forged.example';

async function makeSlips(count: number) {
  const response = await t.inject({
    method: 'POST',
    url: '/api/users/slips',
    headers: { ...maker.headers, host: HOST },
    payload: { count },
  });
  expect(response.statusCode).toBe(201);
  return response.json<CreatedSlips>().slips;
}

const number = (stream: PDFRawStream, key: string) =>
  (stream.dict.get(PDFName.of(key)) as PDFNumber).asNumber();

/**
 * The QR codes a PDF shows, read back: each colour image (its pixels deflated, its alpha apart) is
 * written out as a PNG, read with pngjs as any PNG would be, and decoded.
 */
function decodedQrCodes(pdf: PDFDocument): string[] {
  const found: string[] = [];
  for (const [, object] of pdf.context.enumerateIndirectObjects()) {
    if (!(object instanceof PDFRawStream)) continue;
    const { dict } = object;
    if (dict.get(PDFName.of('Subtype')) !== PDFName.of('Image')) continue;
    if (dict.get(PDFName.of('ColorSpace')) !== PDFName.of('DeviceRGB')) continue;
    const [width, height] = [number(object, 'Width'), number(object, 'Height')];
    const rgb = inflateSync(object.contents);
    const png = new PNG({ width, height });
    for (let pixel = 0; pixel < width * height; pixel += 1) {
      rgb.copy(png.data, pixel * 4, pixel * 3, pixel * 3 + 3);
      png.data[pixel * 4 + 3] = 255;
    }
    const { data } = PNG.sync.read(PNG.sync.write(png));
    const qr = jsQR(new Uint8ClampedArray(data), width, height);
    if (qr) found.push(qr.data);
  }
  return found;
}

describe('GET /api/users/slips.pdf', () => {
  it('prints the unused slips eight to an A4 page, their QR codes opening their pages', async () => {
    const slips = [...(await makeSlips(8)), ...(await makeSlips(1))];
    const response = await t.inject({
      method: 'GET',
      url: '/api/users/slips.pdf',
      headers: { ...maker.headers, host: HOST },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    const pdf = await PDFDocument.load(response.rawPayload);
    expect(pdf.getPageCount()).toBe(2);
    const { width, height } = pdf.getPage(0).getSize();
    expect([Math.round(width), Math.round(height)]).toEqual([595, 842]);
    expect(decodedQrCodes(pdf).sort()).toEqual(
      slips.map((slip) => `${t.config.publicOrigin}/s/${slip.code}`).sort(),
    );
  });

  it('writes the words and each code as text, not as a picture of text', async () => {
    const [slip] = await makeSlips(1);
    const response = await t.inject({ method: 'GET', url: '/api/users/slips.pdf', headers: maker.headers });
    const texts = (await drawnRuns(response.rawPayload)).map((run) => run.text).join('');
    expect(texts).toContain('Someone needs you to move');
    expect(texts).toContain(formatSlipCode(slip?.code ?? ''));
  });

  it("sets English and Malayalam in the windscreen card's Noto Sans Malayalam, with no glyph missing", async () => {
    await makeSlips(1);
    const response = await t.inject({ method: 'GET', url: '/api/users/slips.pdf', headers: maker.headers });
    const card = await windscreenCardPdf({
      url: `${t.config.publicOrigin}/c/x`,
      maskedNumber: 'KL 07 ** ****',
    });
    expect(await fontNamesOf(response.rawPayload)).toEqual(await fontNamesOf(card));
    const runs = await drawnRuns(response.rawPayload);
    expect(runs.filter((run) => run.missingGlyphs > 0)).toEqual([]);
    const malayalam = runs.filter((run) => /[\u0D00-\u0D7F]/.test(run.text));
    expect(malayalam.length).toBeGreaterThan(0);
    expect(malayalam.every((run) => run.font.includes('NotoSansMalayalam-'))).toBe(true);
  });

  it('leaves out slips that carry a note', async () => {
    const other = await t.signUp();
    const [used, unused] = (
      await t.inject({
        method: 'POST',
        url: '/api/users/slips',
        headers: other.headers,
        payload: { count: 2 },
      })
    ).json<CreatedSlips>().slips;
    await t.inject({
      method: 'POST',
      url: `/api/users/slips/${used?.code}/attach`,
      headers: other.headers,
      payload: { vehicleNumber: 'KL07PD0001', templateKey: 'blocking' },
    });
    const response = await t.inject({ method: 'GET', url: '/api/users/slips.pdf', headers: other.headers });
    const codes = decodedQrCodes(await PDFDocument.load(response.rawPayload));
    expect(codes).toEqual([expect.stringContaining(`/s/${unused?.code}`)]);
  });
});
