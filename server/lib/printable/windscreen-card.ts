import { BRAND, cardCallToAction } from '#common/windscreen-card';
import { textsFor } from '../../i18n/texts';
import { PAGE_SIZES, printablePdf } from './pdf';

const MARGIN = 18;

/**
 * The windscreen card on an A6 page: the call to action in English and Malayalam (a car in Kerala
 * is read in either), the QR code, the masked plate, the short URL for people who type it, the brand.
 */
export function windscreenCardPdf(card: { url: string; maskedNumber: string }): Promise<Buffer> {
  const { width, height } = PAGE_SIZES.A6;
  return printablePdf(
    [
      {
        size: 'A6',
        cells: [
          {
            x: MARGIN,
            y: MARGIN,
            width: width - 2 * MARGIN,
            height: height - 2 * MARGIN,
            blocks: [
              { kind: 'text', text: cardCallToAction(textsFor('en')), fontSize: 13, bold: true },
              { kind: 'text', text: cardCallToAction(textsFor('ml')), fontSize: 11 },
              { kind: 'qr', url: card.url, size: 170 },
              { kind: 'text', text: card.maskedNumber, fontSize: 16, bold: true },
              { kind: 'text', text: card.url.replace(/^https?:\/\//, ''), fontSize: 9 },
              { kind: 'text', text: BRAND, fontSize: 10, bold: true },
            ],
          },
        ],
      },
    ],
    `${BRAND} ${card.maskedNumber}`,
  );
}
