/** The ways the fallback ladder reaches an owner whose devices did not show a request: an SMS, then a call. */
export const FALLBACK_CHANNELS = ['sms', 'call'] as const;
export type FallbackChannel = (typeof FALLBACK_CHANNELS)[number];
