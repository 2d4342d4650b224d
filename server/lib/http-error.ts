import type { I18n } from '@lingui/core';
import { textsFor } from '../i18n/texts';

/**
 * What a client is told: a text of the server's catalogue, written in the client's language when the
 * answer is sent (`request.i18n`), or a text that stays as written (validation details).
 */
export type ClientText = string | ((i18n: I18n) => string);

/** An error whose message is safe to show to the client, with the status it goes out with. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    private readonly text: ClientText,
    readonly headers: Record<string, string> = {},
  ) {
    // In English for the log.
    super(typeof text === 'string' ? text : text(textsFor('en')));
    this.name = 'HttpError';
  }

  /** The message in the language of `texts`; a detail as written is introduced in that language. */
  messageIn(texts: I18n): string {
    return typeof this.text === 'string'
      ? texts._('server.badRequest', { detail: this.text })
      : this.text(texts);
  }
}

export const badRequest = (message: ClientText) => new HttpError(400, message);
export const notFound = (message: ClientText) => new HttpError(404, message);
export const conflict = (message: ClientText) => new HttpError(409, message);
export const forbidden = (message: ClientText) => new HttpError(403, message);
export const tooManyRequests = (message: ClientText, retryAfterSeconds: number) =>
  new HttpError(429, message, { 'retry-after': String(Math.max(1, Math.ceil(retryAfterSeconds))) });
