/** Photos sent as proof with a request: rules both sides keep, so the app shrinks what the server takes. */

/** The types the server stores, judged by the image's content; each photo is stored in its own type. */
export const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export type ImageType = (typeof IMAGE_TYPES)[number];

/** The longest side of a stored photo, in pixels: a larger one is scaled down to fit, keeping its shape. */
export const IMAGE_MAX_SIDE = 1280;

/** What the app shrinks a photo to before sending it: a JPEG of about this many bytes at most. */
export const PHOTO_TARGET_BYTES = 300 * 1024;

/** A photo's caption: as short as a tweet, and under the contact-details rule. */
export const CAPTION_MAX = 140;

/** Three decimals of a degree are about 100 m: near enough to find a gate, too coarse to find a flat. */
const COORDINATE_DECIMALS = 3;

/** A latitude or longitude rounded to about 100 m. */
export const roundCoordinate = (degrees: number): number => {
  const scale = 10 ** COORDINATE_DECIMALS;
  return Math.round(degrees * scale) / scale;
};

/** Where a photo's image is read, by its receiver or its sender only. */
export const imageUrl = (imageId: string): string => `/api/users/images/${imageId}`;
