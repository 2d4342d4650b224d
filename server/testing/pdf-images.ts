import { inflateSync } from 'node:zlib';
import jsQR from 'jsqr';
import type { PDFNumber } from 'pdf-lib';
import { PDFDocument, PDFName, PDFRawStream } from 'pdf-lib';

/** Every RGB image of a PDF (pdfkit keeps a PNG's alpha apart, as a gray soft mask), as RGBA pixels. */
async function rgbImages(pdf: Buffer) {
  const doc = await PDFDocument.load(pdf);
  const images: { width: number; height: number; rgba: Uint8ClampedArray }[] = [];
  for (const [, object] of doc.context.enumerateIndirectObjects()) {
    if (!(object instanceof PDFRawStream)) continue;
    const dict = object.dict;
    if (dict.get(PDFName.of('Subtype')) !== PDFName.of('Image')) continue;
    if (dict.get(PDFName.of('ColorSpace')) !== PDFName.of('DeviceRGB')) continue;
    const width = (dict.get(PDFName.of('Width')) as PDFNumber).asNumber();
    const height = (dict.get(PDFName.of('Height')) as PDFNumber).asNumber();
    const rgb = inflateSync(object.contents);
    const rgba = new Uint8ClampedArray(width * height * 4);
    for (let pixel = 0; pixel < width * height; pixel++) {
      rgba.set(rgb.subarray(pixel * 3, pixel * 3 + 3), pixel * 4);
      rgba[pixel * 4 + 3] = 255;
    }
    images.push({ width, height, rgba });
  }
  return images;
}

/** What the QR codes of a PDF say, read from its images by a real decoder. */
export async function qrCodesOf(pdf: Buffer): Promise<(string | undefined)[]> {
  return (await rgbImages(pdf)).map((image) => jsQR(image.rgba, image.width, image.height)?.data);
}
