import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../config';
import { shopperIdOf } from './shopper-cookie';

export const ORDER_RATE_WINDOW_MS = 10 * 60 * 1000;
export const RATE_LIMITED_MESSAGE =
  'You have placed a lot of orders in a short time. Please wait a few minutes and try again.';

/**
 * Spec-less abuse guard on order placement: so many orders per shopper cookie and per client
 * address in 10 minutes (counted per instance). A request without a shopper cookie is counted
 * by its address only: it would get a new cookie with every order anyway.
 */
export function orderRateLimiter(
  app: FastifyInstance,
  limits: Config['ORDER_RATE_LIMIT'],
): ((request: FastifyRequest, reply: FastifyReply) => Promise<void>) | null {
  if (!limits) return null;
  const byAddress = app.createRateLimit({
    max: limits.perAddress,
    timeWindow: ORDER_RATE_WINDOW_MS,
    keyGenerator: (request) => `order-address:${request.ip}`,
  });
  const byShopper = app.createRateLimit({
    max: limits.perShopper,
    timeWindow: ORDER_RATE_WINDOW_MS,
    keyGenerator: (request) => `order-shopper:${shopperIdOf(request)}`,
  });
  return async (request, reply) => {
    // The shopper's own limit first, so that its refusals do not use up the address's places.
    const limiters = shopperIdOf(request) ? [byShopper, byAddress] : [byAddress];
    for (const limiter of limiters) {
      const result = await limiter(request);
      // isAllowed only means "on the allow list"; a count past the maximum is isExceeded.
      if (!result.isAllowed && result.isExceeded) return refuse(reply, result.ttlInSeconds);
    }
  };
}

function refuse(reply: FastifyReply, ttlInSeconds: number): FastifyReply {
  const retryAfter = Math.max(1, ttlInSeconds);
  reply
    .status(429)
    .header('retry-after', String(retryAfter))
    .send({ error: RATE_LIMITED_MESSAGE, code: 'RATE_LIMITED', retryAfter });
  return reply;
}
