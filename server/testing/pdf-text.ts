import { inflateSync } from 'node:zlib';
import { PDFArray, PDFDict, PDFDocument, PDFName, PDFRawStream, PDFRef } from 'pdf-lib';

/** A run of text a PDF draws: its font's name, the text read back, and how many glyphs the font lacked. */
export interface DrawnRun {
  font: string;
  text: string;
  missingGlyphs: number;
}

interface PageFont {
  name: string;
  /** Type0 fonts (embedded, two bytes a glyph) map glyph ids back to text; simple fonts use bytes. */
  glyphText?: Map<number, string>;
}

const inflated = (stream: PDFRawStream) => inflateSync(stream.contents).toString('latin1');

/** A ToUnicode CMap as pdfkit writes it: `<first> <last> [<utf16> …]` ranges. */
function glyphTextOf(cmap: string): Map<number, string> {
  const glyphs = new Map<number, string>();
  for (const [, first = '0', entries = ''] of cmap.matchAll(/<([0-9a-f]+)>\s*<[0-9a-f]+>\s*\[([^\]]*)\]/gi)) {
    const start = Number.parseInt(first, 16);
    [...entries.matchAll(/<([0-9a-f\s]*)>/gi)].forEach(([, hex = ''], index) => {
      glyphs.set(start + index, Buffer.from(hex.replace(/\s/g, ''), 'hex').swap16().toString('utf16le'));
    });
  }
  return glyphs;
}

function pageFonts(doc: PDFDocument, resources: PDFDict | undefined): Map<string, PageFont> {
  const fonts = new Map<string, PageFont>();
  const dict = resources?.lookupMaybe(PDFName.of('Font'), PDFDict);
  for (const [key, ref] of dict?.entries() ?? []) {
    const font = doc.context.lookup(ref, PDFDict);
    const name = font.lookup(PDFName.of('BaseFont'), PDFName).decodeText();
    const toUnicode = font.get(PDFName.of('ToUnicode'));
    const isType0 = font.get(PDFName.of('Subtype')) === PDFName.of('Type0');
    const cmap = toUnicode instanceof PDFRef ? doc.context.lookup(toUnicode) : undefined;
    fonts.set(key.decodeText(), {
      name,
      glyphText: isType0 ? glyphTextOf(cmap instanceof PDFRawStream ? inflated(cmap) : '') : undefined,
    });
  }
  return fonts;
}

/** Every run of text a PDF's pages draw, font by font, as a reader would copy it. */
export async function drawnRuns(pdf: Buffer): Promise<DrawnRun[]> {
  const doc = await PDFDocument.load(pdf);
  const runs: DrawnRun[] = [];
  for (const page of doc.getPages()) {
    const fonts = pageFonts(doc, page.node.Resources());
    const contents = page.node.Contents();
    const refs = contents instanceof PDFArray ? contents.asArray() : [contents];
    let font: PageFont | undefined;
    for (const ref of refs) {
      const stream = ref && doc.context.lookup(ref);
      if (!(stream instanceof PDFRawStream)) continue;
      const operators = inflated(stream);
      for (const [, fontKey, hex] of operators.matchAll(/\/([\w.-]+)\s+[\d.]+\s+Tf|<([0-9a-f]*)>/gi)) {
        if (fontKey !== undefined) {
          font = fonts.get(fontKey);
          continue;
        }
        if (!font || hex === undefined) continue;
        const { glyphText } = font;
        if (!glyphText) {
          runs.push({ font: font.name, text: Buffer.from(hex, 'hex').toString('latin1'), missingGlyphs: 0 });
          continue;
        }
        const ids = (hex.match(/.{4}/g) ?? []).map((id) => Number.parseInt(id, 16));
        runs.push({
          font: font.name,
          text: ids.map((id) => glyphText.get(id) ?? '').join(''),
          missingGlyphs: ids.filter((id) => id === 0).length,
        });
      }
    }
  }
  return runs;
}

/** The names of the fonts a PDF embeds or names (subset prefixes such as `ABCDEF+` removed). */
export async function fontNamesOf(pdf: Buffer): Promise<string[]> {
  const names = new Set((await drawnRuns(pdf)).map((run) => run.font.replace(/^[A-Z]{6}\+/, '')));
  return [...names].sort();
}
