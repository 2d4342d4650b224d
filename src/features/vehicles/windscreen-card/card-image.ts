/**
 * The card as a picture to share: the same words, QR code, masked plate, URL and brand as the
 * printed card, drawn on a canvas (the browser shapes Malayalam). qrcode is loaded with this module,
 * which only the card's modal loads.
 */
import QRCode from 'qrcode';

export interface CardContent {
  url: string;
  maskedNumber: string;
  /** The call to action in each language the card carries. */
  callsToAction: string[];
  brand: string;
}

/** A QR code of `url` with the four-module quiet zone scanners expect, as a data: URL. */
export function qrDataUrl(url: string): Promise<string> {
  return QRCode.toDataURL(url, { margin: 4, scale: 8, errorCorrectionLevel: 'M' });
}

const WIDTH = 720;
const QR_SIZE = 480;
const FONT = 'system-ui, "Noto Sans Malayalam", sans-serif';

/** Lines of `text` that fit `width` on `context` in its current font. */
function wrap(context: CanvasRenderingContext2D, text: string, width: number): string[] {
  const lines: string[] = [];
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const last = lines.at(-1);
    if (last !== undefined && context.measureText(`${last} ${word}`).width <= width) {
      lines[lines.length - 1] = `${last} ${word}`;
    } else lines.push(word);
  }
  return lines;
}

export async function cardPng(card: CardContent): Promise<Blob> {
  const canvas = document.createElement('canvas');
  canvas.width = WIDTH;
  canvas.height = 1100;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('no 2D canvas');
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, canvas.width, canvas.height);
  context.fillStyle = '#111827';
  context.textAlign = 'center';
  context.textBaseline = 'top';
  let y = 40;
  const write = (text: string, size: number, weight = 400) => {
    context.font = `${weight} ${size}px ${FONT}`;
    for (const line of wrap(context, text, WIDTH - 80)) {
      context.fillText(line, WIDTH / 2, y);
      y += size * 1.35;
    }
    y += 12;
  };
  card.callsToAction.forEach((text, index) => write(text, index === 0 ? 34 : 28, index === 0 ? 700 : 400));
  const qr = new Image();
  qr.src = await qrDataUrl(card.url);
  await qr.decode();
  context.imageSmoothingEnabled = false;
  context.drawImage(qr, (WIDTH - QR_SIZE) / 2, y, QR_SIZE, QR_SIZE);
  y += QR_SIZE + 16;
  write(card.maskedNumber, 44, 700);
  write(card.url.replace(/^https?:\/\//, ''), 24);
  write(card.brand, 28, 700);
  const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/png'));
  if (!blob) throw new Error('the card could not be drawn');
  return blob;
}
