import type { LimitDeclaration } from './limit';

/** Strangers without an account: windscreen cards, wiper slips, their blocks and photos. */
export const STRANGER_LIMITS = {
  SLIP_REQUESTS_PER_ADDRESS_MINUTE: {
    default: 30,
    min: 1,
    unit: 'requests a minute',
    why: 'slips’ public page has no account to count by',
  },
  SLIP_READABLE_DAYS: {
    default: 7,
    min: 1,
    max: 3650,
    unit: 'days',
    why: 'a slip’s note is read at the car, not months later',
  },
  CARD_SENDS_PER_ADDRESS_HOUR: {
    default: 10,
    min: 1,
    unit: 'sends an hour',
    why: 'a stranger has no account to count by',
  },
  CARD_SENDS_PER_ADDRESS_AND_CARD_10_MINUTES: {
    default: 3,
    min: 1,
    unit: 'sends in 10 minutes',
    why: 'one address cannot flood one card’s owner, nor guess its plate',
  },
  CARD_SENDS_PER_CARD_HOUR: {
    default: 6,
    min: 1,
    unit: 'sends an hour',
    why: 'a card’s owner is not flooded by everyone together',
  },
  CARD_WRONG_PLATES_PER_HOUR: {
    default: 10,
    min: 1,
    unit: 'guesses an hour',
    why: 'a card’s plate digits cannot be guessed',
  },
  CARD_READS_PER_ADDRESS_MINUTE: {
    default: 30,
    min: 1,
    unit: 'reads a minute',
    why: 'cards cannot be walked by code',
  },
  STATUS_TOKEN_HOURS: {
    default: 24,
    min: 1,
    max: 24 * 30,
    unit: 'hours',
    why: 'a stranger follows a request while the car is in the way, not for good',
  },
  CARD_PAUSE_HOURS: {
    default: 24,
    min: 1,
    max: 24 * 365,
    unit: 'hours',
    why: 'a card paused while the car is away takes messages again without being remembered',
  },
  STRANGER_BLOCK_DAYS: {
    default: 30,
    min: 1,
    max: 3650,
    unit: 'days',
    why: 'a blocked stranger stays away, then the hashes go',
  },
  IMAGE_MAX_BYTES: {
    default: 2 * 1024 * 1024,
    min: 1024,
    max: 50 * 1024 * 1024,
    unit: 'bytes',
    why: 'a photo as proof, not a storage service',
  },
  IMAGE_RETENTION_DAYS: {
    default: 7,
    min: 1,
    max: 3650,
    unit: 'days',
    why: 'a photo is proof for the moment, not an archive',
  },
} as const satisfies Record<string, LimitDeclaration>;
