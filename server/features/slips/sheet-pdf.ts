import type { I18n } from '@lingui/core';
import { SLIPS_PER_SHEET } from '#common/limits';
import { formatSlipCode } from '#common/slip-code';
import { textsFor } from '../../i18n/texts';
import { PAGE_SIZES, printablePdf, type PrintableCell } from '../../lib/printable/pdf';

/** A4 in points, cut into two columns of four slips. */
const PAGE = PAGE_SIZES.A4;
const COLUMNS = 2;
const ROWS = SLIPS_PER_SHEET / COLUMNS;
const SLIP = { width: PAGE.width / COLUMNS, height: PAGE.height / ROWS };
const MARGIN = 14;
const QR_SIZE = 112;
/** The QR code and the words beside it; the code and the link go under both. */
const TOP_HEIGHT = 128;

/** What a slip says, in one of its two languages. */
const sheetText = (i18n: I18n) => i18n._('server.slips.sheetText');

export interface PrintedSlip {
  code: string;
  url: string;
}

/** One slip's cells: its frame to cut along, the QR code, the words in both languages, the code. */
function slipCells(slip: PrintedSlip, onPage: number, words: { en: string; ml: string }): PrintableCell[] {
  const x = (onPage % COLUMNS) * SLIP.width;
  const y = Math.floor(onPage / COLUMNS) * SLIP.height;
  const inner = { x: x + MARGIN, y: y + MARGIN, width: SLIP.width - 2 * MARGIN };
  const textX = inner.x + QR_SIZE + MARGIN / 2;
  return [
    { x, y, width: SLIP.width, height: SLIP.height, cutMarks: true, blocks: [] },
    {
      ...{ x: inner.x, y: inner.y, width: QR_SIZE, height: TOP_HEIGHT },
      blocks: [{ kind: 'qr', url: slip.url, size: QR_SIZE }],
    },
    {
      ...{ x: textX, y: inner.y, width: inner.x + inner.width - textX, height: TOP_HEIGHT },
      blocks: [
        { kind: 'text', text: words.en, fontSize: 10, bold: true },
        { kind: 'text', text: words.ml, fontSize: 8.5 },
      ],
    },
    {
      ...{ x: inner.x, y: inner.y + TOP_HEIGHT, width: inner.width },
      height: SLIP.height - 2 * MARGIN - TOP_HEIGHT,
      blocks: [
        { kind: 'text', text: formatSlipCode(slip.code), fontSize: 18, bold: true },
        { kind: 'text', text: slip.url, fontSize: 7.5 },
      ],
    },
  ];
}

/**
 * A4 pages of eight slips to cut apart, in English and Malayalam: what the slip is for, its QR code
 * and its code written out to be typed. Set as the windscreen card is (the same printable layout and
 * Noto Sans Malayalam fonts), so the words are text that prints sharp and can be read aloud.
 */
export function slipSheetPdf(slips: readonly PrintedSlip[]): Promise<Buffer> {
  const words = { en: sheetText(textsFor('en')), ml: sheetText(textsFor('ml')) };
  const pages = [];
  // With no slips to print, one blank sheet, as before.
  for (let first = 0; first === 0 || first < slips.length; first += SLIPS_PER_SHEET) {
    const onSheet = slips.slice(first, first + SLIPS_PER_SHEET);
    pages.push({
      size: 'A4' as const,
      cells: onSheet.flatMap((slip, onPage) => slipCells(slip, onPage, words)),
    });
  }
  return printablePdf(pages, 'Vahan Contact wiper slips');
}
