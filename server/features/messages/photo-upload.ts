import { createHash } from 'node:crypto';
import Busboy from '@fastify/busboy';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { badRequest, HttpError } from '../../lib/http-error';

/** The photo's bytes of each upload, kept beside its body: the body holds only their hash. */
const uploads = new WeakMap<FastifyRequest, Buffer>();

/** Form fields beside the file, and how long one may be: a caption, two ids, two coordinates. */
const FIELD_LIMITS = { fields: 8, fieldNameSize: 32, fieldSize: 1024, files: 1, parts: 9, headerPairs: 8 };

/**
 * Reads `multipart/form-data` bodies for the routes of `app` (an encapsulated plugin): the fields
 * become the body, with `image` set to the SHA-256 of the one file sent as `image`, whose bytes
 * `uploadedPhoto` gives the handler. A file larger than `maxBytes` is 413, anything else malformed 400;
 * the body is read to its end either way, so the answer reaches the client.
 */
export function acceptPhotoUploads(app: FastifyInstance, maxBytes: number): void {
  app.addContentTypeParser('multipart/form-data', (request, payload, done) => {
    let form;
    try {
      form = Busboy({
        headers: { ...request.headers, 'content-type': request.headers['content-type'] ?? '' },
        limits: { ...FIELD_LIMITS, fileSize: maxBytes },
      });
    } catch {
      done(badRequest('must be multipart/form-data with a boundary'), undefined);
      return;
    }
    const fields: Record<string, string> = Object.create(null) as Record<string, string>;
    const chunks: Buffer[] = [];
    let problem: HttpError | null = null;
    let hasImage = false;
    let finished = false;
    const finish = (error: Error | null, body?: unknown) => {
      if (finished) return;
      finished = true;
      done(error, body);
    };
    const refuse = (error: HttpError) => (problem ??= error);

    form.on('field', (name, value, nameTruncated, valueTruncated) => {
      if (nameTruncated || valueTruncated) refuse(badRequest(`${name}: is too long`));
      else if (name in fields) refuse(badRequest(`${name}: must be sent once`));
      else fields[name] = value;
    });
    form.on('file', (name, stream) => {
      // A part cut short errors on its own stream too: unheard, that error would end the process.
      stream.on('error', () => refuse(badRequest(`${name}: the upload was cut short`)));
      if (name !== 'image' || hasImage) {
        refuse(badRequest('image: must be the one file of the form'));
        stream.resume();
        return;
      }
      hasImage = true;
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('limit', () =>
        refuse(
          new HttpError(413, (i18n) =>
            i18n._('server.photos.tooLarge', { megabytes: (maxBytes / (1024 * 1024)).toFixed(1) }),
          ),
        ),
      );
    });
    for (const limit of ['partsLimit', 'filesLimit', 'fieldsLimit'] as const) {
      form.on(limit, () => refuse(badRequest('must hold only the fields of the form and one image')));
    }
    form.on('error', () => finish(badRequest('could not be read as multipart/form-data')));
    form.on('finish', () => {
      if (problem) return finish(problem);
      if (!hasImage) return finish(null, { ...fields });
      const bytes = Buffer.concat(chunks);
      uploads.set(request, bytes);
      finish(null, { ...fields, image: createHash('sha256').update(bytes).digest('hex') });
    });
    payload.on('error', () => finish(badRequest('the upload was cut short')));
    payload.pipe(form);
  });
}

/** The photo of an upload `acceptPhotoUploads` read. */
export function uploadedPhoto(request: FastifyRequest): Buffer {
  const bytes = uploads.get(request);
  if (!bytes) throw badRequest('image: is required');
  return bytes;
}
