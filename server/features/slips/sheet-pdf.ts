import PDFDocument from 'pdfkit';
import type { I18n } from '@lingui/core';
import { formatSlipCode } from '#common/slip-code';
import { SLIPS_PER_SHEET } from '#common/slips-api';
import { textsFor } from '../../i18n/texts';
import { fontFile } from '../../lib/printable/fonts';
import { PAGE_SIZES, qrPng, shaping } from '../../lib/printable/pdf';

/** A4 in points, cut into two columns of four slips. */
const PAGE = PAGE_SIZES.A4;
const COLUMNS = 2;
const ROWS = SLIPS_PER_SHEET / COLUMNS;
const SLIP = { width: PAGE.width / COLUMNS, height: PAGE.height / ROWS };
const MARGIN = 16;
const QR_SIZE = 120;

/** What a slip says, in one of its two languages. */
const sheetText = (i18n: I18n) => i18n._('server.slips.sheetText');

export interface PrintedSlip {
  code: string;
  url: string;
}

/**
 * A4 pages of eight slips to cut apart, in English and Malayalam: what the slip is for, its QR code
 * and its code written out to be typed. The words are text, so they print sharp and can be read aloud.
 */
export async function slipSheetPdf(slips: readonly PrintedSlip[]): Promise<Buffer> {
  const qrCodes = await Promise.all(slips.map((slip) => qrPng(slip.url)));
  const [english, malayalam] = [sheetText(textsFor('en')), sheetText(textsFor('ml'))];
  const doc = new PDFDocument({ size: 'A4', margin: 0, info: { Title: 'Vahan Contact wiper slips' } });
  doc.registerFont('malayalam', fontFile('malayalam', false));
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise<void>((resolve) => doc.on('end', resolve));

  slips.forEach((slip, index) => {
    const onPage = index % SLIPS_PER_SHEET;
    if (index > 0 && onPage === 0) doc.addPage();
    const x = (onPage % COLUMNS) * SLIP.width;
    const y = Math.floor(onPage / COLUMNS) * SLIP.height;
    doc.save().dash(4, { space: 4 }).lineWidth(0.5).strokeColor('#999999');
    doc.rect(x, y, SLIP.width, SLIP.height).stroke().restore();

    doc.image(qrCodes[index] as Buffer, x + MARGIN, y + MARGIN, { width: QR_SIZE, height: QR_SIZE });
    const textX = x + MARGIN * 2 + QR_SIZE;
    const textWidth = SLIP.width - QR_SIZE - MARGIN * 3;
    doc.fillColor('#000000').font('Helvetica-Bold').fontSize(11);
    doc.text(english, textX, y + MARGIN, { width: textWidth });
    doc
      .moveDown(0.5)
      .font('malayalam')
      .fontSize(9.5)
      .text(malayalam, { width: textWidth, ...shaping('malayalam') });

    const codeY = y + MARGIN * 2 + QR_SIZE;
    doc
      .font('Courier-Bold')
      .fontSize(20)
      .text(formatSlipCode(slip.code), x + MARGIN, codeY, {
        width: SLIP.width - MARGIN * 2,
      });
    doc
      .font('Helvetica')
      .fontSize(8)
      .fillColor('#333333')
      .text(slip.url, { width: SLIP.width - MARGIN * 2 });
  });
  doc.end();
  await ended;
  return Buffer.concat(chunks);
}
