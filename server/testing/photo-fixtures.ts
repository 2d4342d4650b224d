import { randomUUID } from 'node:crypto';
import sharp from 'sharp';

export interface FormFile {
  name?: string;
  filename: string;
  type: string;
  bytes: Buffer;
}

/** A `multipart/form-data` body as a browser sends it: the fields, then the files. */
export function multipartForm(fields: Record<string, string>, files: FormFile[] = []) {
  const boundary = `----vahan${randomUUID()}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(
      Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    );
  }
  for (const file of files) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\ncontent-disposition: form-data; name="${file.name ?? 'image'}"; filename="${file.filename}"\r\ncontent-type: ${file.type}\r\n\r\n`,
      ),
      file.bytes,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(parts),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

const canvas = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 60, b: 40 } } });

/** A camera's JPEG: EXIF with the camera and the GPS position, and a colour profile. */
export const cameraJpeg = (width = 2000, height = 1000) =>
  canvas(width, height)
    .jpeg()
    .withExif({
      IFD0: { Make: 'TestCam', Model: 'Gate Proof 1' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '9/1 58/1 0/1',
        GPSLongitudeRef: 'E',
        GPSLongitude: '76/1 17/1 0/1',
      },
    })
    .withIccProfile('p3')
    .toBuffer();

export const plainPng = (width = 300, height = 200) => canvas(width, height).png().toBuffer();
export const plainWebp = (width = 300, height = 200) => canvas(width, height).webp().toBuffer();
