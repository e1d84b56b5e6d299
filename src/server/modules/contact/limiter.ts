import { addressKey } from '../../limits/address-key';
import { type Budget, createBudget } from '../../limits/budget';
import type { Counters } from '../../limits/counters';

/**
 * Contact messages per client address: one limiter for the REST form and the
 * socket's `contact-info`, so neither path is a way around the other.
 */
export const CONTACT_LIMIT = { max: 10, windowMs: 15 * 60 * 1000 } as const;
export const CONTACT_RATE_LIMITED = {
  error: 'Too many messages. Please try again later.',
  code: 'CONTACT_RATE_LIMITED',
} as const;

export type ContactLimiter = Budget;

/** Counts one message per address (its /64 for IPv6): 0 when allowed, else the seconds to wait. */
export function createContactLimiter(counters: Counters, { max, windowMs } = CONTACT_LIMIT) {
  const budget = createBudget(counters, 'contact', [{ max, windowMs }]);
  return { take: (ip: string) => budget.take(addressKey(ip)) };
}

/** What a contact message missing a field is told, on the form's REST path and over the socket. */
export const CONTACT_INCOMPLETE = 'Please fill out all fields to send your message.';
