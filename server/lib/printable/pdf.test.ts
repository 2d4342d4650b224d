import { inflateSync } from 'node:zlib';
import { PDFDocument, PDFRawStream } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { qrCodesOf } from '../../testing/pdf-images';
import { scriptRuns } from './fonts';
import { PAGE_SIZES, printablePdf } from './pdf';

describe('printable PDF', () => {
  it('embeds a QR code that decodes back to its URL', async () => {
    const url = 'https://vahan.example/c/3vq8x2kd9mzp4tqa7w';
    const pdf = await printablePdf(
      [
        {
          size: 'A6',
          cells: [
            {
              ...{ x: 20, y: 20, width: PAGE_SIZES.A6.width - 40, height: PAGE_SIZES.A6.height - 40 },
              blocks: [
                { kind: 'text', text: 'Blocking you?', fontSize: 14, bold: true },
                { kind: 'qr', url, size: 160 },
              ],
            },
          ],
        },
      ],
      'Card',
    );
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(await qrCodesOf(pdf)).toEqual([url]);
  });

  it('lays out several cells on an A4 page, each with its own code', async () => {
    const urls = ['https://vahan.example/s/one', 'https://vahan.example/s/two'];
    const pdf = await printablePdf(
      [
        {
          size: 'A4',
          cells: urls.map((url, index) => ({
            x: 0,
            y: index * 400,
            width: 595,
            height: 400,
            cutMarks: true,
            blocks: [{ kind: 'qr' as const, url, size: 120 }],
          })),
        },
      ],
      'Slips',
    );
    expect((await qrCodesOf(pdf)).sort()).toEqual(urls);
  });

  it('writes Malayalam and English as text in the embedded Noto Sans Malayalam subsets', async () => {
    const pdf = await printablePdf(
      [
        {
          size: 'A6',
          cells: [
            {
              ...{ x: 10, y: 10, width: 270, height: 400 },
              blocks: [{ kind: 'text', text: 'വഴി തടയുന്നുണ്ടോ? KL 07 ** 1234', fontSize: 12 }],
            },
          ],
        },
      ],
      'Text',
    );
    const doc = await PDFDocument.load(pdf);
    const objects = doc.context.enumerateIndirectObjects().map(([, object]) => object);
    const fonts = objects.map(String).filter((text) => text.includes('/Subtype /Type0'));
    expect(fonts).toHaveLength(2);
    expect(fonts.every((font) => /NotoSansMalayalam/.test(font))).toBe(true);
    // Each font maps its glyphs back to Unicode: the words are text (വ is U+0D35, K is U+004B).
    const toUnicode = objects
      .filter((object) => object instanceof PDFRawStream)
      .map((stream) => inflateSync(stream.contents).toString('latin1'))
      .filter((text) => text.includes('beginbfrange') || text.includes('beginbfchar'))
      .join('\n');
    expect(toUnicode).toMatch(/<0d35>/i);
    expect(toUnicode).toMatch(/<004b>/i);
  });
});

describe('Malayalam that fontkit could not position', () => {
  it('draws words ending in a virama after a conjunct ("ആപ്പ്", "സ്കാൻ")', async () => {
    const pdf = await printablePdf(
      [
        {
          size: 'A6',
          cells: [
            {
              x: 10,
              y: 10,
              width: 270,
              height: 400,
              blocks: [{ kind: 'text', text: 'ആപ്പ് സ്കാൻ', fontSize: 12 }],
            },
          ],
        },
      ],
      'Virama',
    );
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
  });
});

describe('script runs', () => {
  it('keeps Malayalam letters, joiners included, apart from Latin, digits and punctuation', () => {
    expect(scriptRuns('ഉടമയെ\u200C KL 07?')).toEqual([
      { script: 'malayalam', text: 'ഉടമയെ\u200C' },
      { script: 'latin', text: ' KL 07?' },
    ]);
  });
});
