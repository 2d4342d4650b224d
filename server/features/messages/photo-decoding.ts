import { tooManyRequests } from '../../lib/http-error';

/** Photos decoded at once in one server instance: each holds a decoded bitmap and a core. */
export const PHOTOS_DECODED_AT_ONCE = 2;

/** What a user's one reserved place decodes with, and gives back when their upload is answered. */
export interface DecodingPlace {
  /** Runs `work` once one of the instance's places is free (waiting its turn meanwhile). */
  decode<T>(work: () => Promise<T>): Promise<T>;
  release(): void;
}

/**
 * Who decodes photos now: at most `atOnce` in this instance (the others wait their turn) and one per
 * user (a user's second photo while their first is waiting or decoding is refused with 429).
 */
export class PhotoDecoding {
  private running = 0;
  private readonly queue: (() => void)[] = [];
  private readonly users = new Set<string>();

  constructor(private readonly atOnce = PHOTOS_DECODED_AT_ONCE) {}

  /** The place of `userId`'s photo; 429 while the user has another one waiting or decoding. */
  reserve(userId: string): DecodingPlace {
    if (this.users.has(userId)) {
      throw tooManyRequests((i18n) => i18n._('server.photos.oneAtATime'), 5);
    }
    this.users.add(userId);
    let released = false;
    return {
      decode: async (work) => {
        await this.turn();
        try {
          return await work();
        } finally {
          this.next();
        }
      },
      release: () => {
        if (released) return;
        released = true;
        this.users.delete(userId);
      },
    };
  }

  private async turn(): Promise<void> {
    if (this.running < this.atOnce) {
      this.running += 1;
      return;
    }
    // The place is handed over by `next` without being freed, so no newcomer takes it in between.
    await new Promise<void>((resolve) => this.queue.push(resolve));
  }

  private next(): void {
    const waiting = this.queue.shift();
    if (waiting) waiting();
    else this.running -= 1;
  }
}
