import { describe, expect, it } from 'vitest';
import { qrCodesOf } from '../../testing/pdf-images';
import { windscreenCardPdf } from './windscreen-card';

describe('windscreen card PDF', () => {
  it('is one A6 page whose QR code reads back to the card URL', async () => {
    const url = 'http://localhost:8080/c/k3m9v8q2x7p4w6zt5n';
    const pdf = await windscreenCardPdf({ url, maskedNumber: 'KL 07 ** ****' });
    expect(await qrCodesOf(pdf)).toEqual([url]);
    const text = pdf.toString('latin1');
    expect(text.match(/\/Type \/Page\b/g)).toHaveLength(1);
    expect(text).toMatch(/\/MediaBox \[0 0 297\.6\d* 419\.5\d*\]/);
  });
});
