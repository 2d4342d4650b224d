import type { FastifyInstance, FastifyRequest } from 'fastify';
import { clientAddressKey } from '../../lib/client-address';
import { tooManyRequests } from '../../lib/http-error';

/**
 * The budget of reading cards (`GET /api/public/cards/{code}` and the page `/c/{code}` count together)
 * per client address a minute, `CARD_READS_PER_ADDRESS_MINUTE`: resolves with nothing while the address
 * is within it, else throws the 429 (with Retry-After) its route answers in its own way.
 */
export function cardReadsLimit(app: FastifyInstance): (request: FastifyRequest) => Promise<void> {
  const limit = app.createRateLimit({
    max: app.config.cardSendLimits.readsPerAddressMinute,
    timeWindow: '1 minute',
    keyGenerator: (request) => `card-reads:${clientAddressKey(request.ip)}`,
  });
  return async (request) => {
    const counted = await limit(request);
    if (!counted.isAllowed && counted.isExceeded) {
      throw tooManyRequests((i18n) => i18n._('server.cards.tooManyReads'), counted.ttlInSeconds);
    }
  };
}
