import sharp, { type FormatEnum } from 'sharp';
import { IMAGE_MAX_SIDE, type ImageType } from '#common/photos';

/** Formats taken, by what sharp reads in the content (never the file's name or declared type). */
const TYPES: Partial<Record<keyof FormatEnum, ImageType>> = {
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
};

/**
 * More pixels than 25 megapixels is a decompression bomb, not a photo of a gate: a phone's camera takes
 * 12 to 16 by default, and each decoded megapixel costs 3 to 4 MB of memory.
 */
const MAX_INPUT_PIXELS = 25_000_000;

export interface EncodedPhoto {
  bytes: Buffer;
  contentType: ImageType;
  width: number;
  height: number;
}

/**
 * The photo re-encoded in its own format without any metadata (no EXIF, GPS, camera data or colour
 * profile: sharp writes none unless asked), turned upright first as its EXIF says, its longest side
 * scaled down to IMAGE_MAX_SIDE when longer; null when it is not a whole JPEG, PNG or WebP.
 */
export async function reencodePhoto(input: Buffer): Promise<EncodedPhoto | null> {
  try {
    const { format } = await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS }).metadata();
    const contentType = format === undefined ? undefined : TYPES[format];
    if (!contentType) return null;
    const fitted = sharp(input, { limitInputPixels: MAX_INPUT_PIXELS }).rotate().resize({
      width: IMAGE_MAX_SIDE,
      height: IMAGE_MAX_SIDE,
      fit: 'inside',
      withoutEnlargement: true,
    });
    const encoded =
      contentType === 'image/jpeg'
        ? fitted.jpeg({ quality: 82 })
        : contentType === 'image/png'
          ? fitted.png()
          : fitted.webp({ quality: 80 });
    const { data, info } = await encoded.toBuffer({ resolveWithObject: true });
    return { bytes: data, contentType, width: info.width, height: info.height };
  } catch {
    return null;
  }
}
