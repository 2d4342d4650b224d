import { IMAGE_MAX_SIDE, PHOTO_TARGET_BYTES } from '#common/photos';

/** JPEG qualities tried in turn until the photo is small enough; the last is kept whatever its size. */
const QUALITIES = [0.85, 0.75, 0.65, 0.5, 0.4];

/** A canvas's picture as a JPEG Blob. */
function jpegOf(canvas: HTMLCanvasElement, quality: number): Promise<Blob> {
  return new Promise((resolve, reject) =>
    canvas.toBlob(
      (blob) => (blob ? resolve(blob) : reject(new Error('the photo could not be encoded'))),
      'image/jpeg',
      quality,
    ),
  );
}

/**
 * The photo shrunk on the device before it is sent: upright as the camera meant it, its longest side
 * at most IMAGE_MAX_SIDE, as a JPEG of about PHOTO_TARGET_BYTES at most. Redrawing it on a canvas
 * also leaves the camera's EXIF (GPS included) behind.
 */
export async function shrinkPhoto(photo: Blob): Promise<Blob> {
  const bitmap = await createImageBitmap(photo, { imageOrientation: 'from-image' });
  const scale = Math.min(1, IMAGE_MAX_SIDE / Math.max(bitmap.width, bitmap.height));
  const canvas = document.createElement('canvas');
  canvas.width = Math.max(1, Math.round(bitmap.width * scale));
  canvas.height = Math.max(1, Math.round(bitmap.height * scale));
  const context = canvas.getContext('2d');
  if (!context) throw new Error('no canvas to shrink the photo on');
  context.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
  bitmap.close();
  let shrunk = await jpegOf(canvas, QUALITIES[0] ?? 0.85);
  for (const quality of QUALITIES.slice(1)) {
    if (shrunk.size <= PHOTO_TARGET_BYTES) break;
    shrunk = await jpegOf(canvas, quality);
  }
  return shrunk;
}

/** Where the device is, rounded by the caller; null when the user or the device says no. */
export function currentPosition(): Promise<GeolocationCoordinates | null> {
  return new Promise((resolve) => {
    if (!('geolocation' in navigator)) return resolve(null);
    navigator.geolocation.getCurrentPosition(
      (position) => resolve(position.coords),
      () => resolve(null),
      { maximumAge: 60_000, timeout: 15_000 },
    );
  });
}
