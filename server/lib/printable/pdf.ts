import PDFDocument from 'pdfkit';
import QRCode from 'qrcode';
import { fontFile, scriptRuns, type Script } from './fonts';

/** One thing drawn in a cell, top to bottom, centred: a QR code or a few lines of text. */
export type PrintableBlock =
  | { kind: 'qr'; url: string; size: number }
  | { kind: 'text'; text: string; fontSize: number; bold?: boolean };

/** A rectangle of the page (in points, from the top left) and what is drawn in it. */
export interface PrintableCell {
  x: number;
  y: number;
  width: number;
  height: number;
  blocks: PrintableBlock[];
  /** A thin frame around the cell, to cut along. */
  cutMarks?: boolean;
}

export interface PrintablePage {
  size: 'A4' | 'A6';
  cells: PrintableCell[];
}

/** Page sizes in points (1/72 inch), as pdfkit names them. */
export const PAGE_SIZES = { A4: { width: 595.28, height: 841.89 }, A6: { width: 297.64, height: 419.53 } };

const BLOCK_GAP = 8;
const LINE_SPACING = 1.3;

type Doc = PDFKit.PDFDocument;

function fontName(script: Script, bold: boolean) {
  return `${script}-${bold ? 'bold' : 'regular'}`;
}

function registerFonts(doc: Doc) {
  for (const script of ['latin', 'malayalam'] as const) {
    for (const bold of [false, true]) doc.registerFont(fontName(script, bold), fontFile(script, bold));
  }
}

/**
 * fontkit (under pdfkit) fails on Noto Sans Malayalam's above-base mark positioning for a virama
 * after some consonants ("ആപ്പ്"), so that one feature is off; the marks keep the font's default place.
 * pdfkit passes `features` on to fontkit's layout, which also takes on/off flags; the types list only tags.
 */
export function shaping(script: Script): PDFKit.Mixins.TextOptions {
  if (script === 'latin') return {};
  const flags: Record<string, boolean> = { abvm: false };
  return { features: flags as unknown as PDFKit.Mixins.OpenTypeFeatures[] };
}

function wordWidth(doc: Doc, word: string, block: { fontSize: number; bold?: boolean }) {
  return scriptRuns(word).reduce(
    (sum, run) =>
      sum +
      doc
        .font(fontName(run.script, block.bold ?? false))
        .fontSize(block.fontSize)
        .widthOfString(run.text, shaping(run.script)),
    0,
  );
}

/** The text's lines, broken between words to fit `width`. */
function wrap(doc: Doc, block: { text: string; fontSize: number; bold?: boolean }, width: number) {
  const lines: string[] = [];
  for (const word of block.text.split(/\s+/).filter(Boolean)) {
    const last = lines.at(-1);
    if (last !== undefined && wordWidth(doc, `${last} ${word}`, block) <= width) {
      lines[lines.length - 1] = `${last} ${word}`;
    } else lines.push(word);
  }
  return lines;
}

function blockHeight(doc: Doc, block: PrintableBlock, width: number) {
  if (block.kind === 'qr') return block.size;
  return wrap(doc, block, width).length * block.fontSize * LINE_SPACING;
}

/** A QR code as a PNG with a quiet zone of four modules, as scanners expect, for a phone in a car park. */
export function qrPng(url: string): Promise<Buffer> {
  return QRCode.toBuffer(url, { type: 'png', margin: 4, scale: 8 });
}

async function drawBlock(doc: Doc, block: PrintableBlock, cell: PrintableCell, top: number) {
  if (block.kind === 'qr') {
    const png = await qrPng(block.url);
    doc.image(png, cell.x + (cell.width - block.size) / 2, top, { width: block.size });
    return;
  }
  let y = top;
  for (const line of wrap(doc, block, cell.width)) {
    let x = cell.x + (cell.width - wordWidth(doc, line, block)) / 2;
    for (const run of scriptRuns(line)) {
      doc
        .font(fontName(run.script, block.bold ?? false))
        .fontSize(block.fontSize)
        .text(run.text, x, y, { lineBreak: false, ...shaping(run.script) });
      x += doc.widthOfString(run.text, shaping(run.script));
    }
    y += block.fontSize * LINE_SPACING;
  }
}

async function drawCell(doc: Doc, cell: PrintableCell) {
  if (cell.cutMarks) {
    doc.save().lineWidth(0.5).dash(3, { space: 3 }).strokeColor('#999999');
    doc.rect(cell.x, cell.y, cell.width, cell.height).stroke().restore();
  }
  const heights = cell.blocks.map((block) => blockHeight(doc, block, cell.width));
  const total = heights.reduce((sum, h) => sum + h, 0) + BLOCK_GAP * (cell.blocks.length - 1);
  let top = cell.y + Math.max(0, (cell.height - total) / 2);
  for (const [index, block] of cell.blocks.entries()) {
    await drawBlock(doc, block, cell, top);
    top += (heights[index] ?? 0) + BLOCK_GAP;
  }
}

/**
 * A PDF of these pages. Words are text in the PDF (searchable, sharp at any size) in Noto Sans
 * Malayalam, whose Latin and Malayalam subsets are embedded; QR codes are PNG images.
 */
export async function printablePdf(pages: PrintablePage[], title: string): Promise<Buffer> {
  const doc = new PDFDocument({ autoFirstPage: false, info: { Title: title }, margin: 0 });
  const chunks: Buffer[] = [];
  const finished = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  registerFonts(doc);
  for (const page of pages) {
    doc.addPage({ size: page.size, margin: 0 });
    for (const cell of page.cells) await drawCell(doc, cell);
  }
  doc.end();
  return finished;
}
