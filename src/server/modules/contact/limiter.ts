/**
 * Contact messages per client address: one limiter for the REST form and the
 * socket's `contact-info`, so neither path is a way around the other.
 */
export const CONTACT_LIMIT = { max: 10, windowMs: 15 * 60 * 1000 } as const;
export const CONTACT_RATE_LIMITED = {
  error: 'Too many messages. Please try again later.',
  code: 'CONTACT_RATE_LIMITED',
} as const;

export interface ContactLimiter {
  /** Counts one message; 0 when allowed, else the seconds until the key may send again. */
  take(key: string, now?: number): number;
}

export function createContactLimiter({ max, windowMs } = CONTACT_LIMIT): ContactLimiter {
  const windows = new Map<string, { start: number; count: number }>();
  const forgetEnded = (now: number) => {
    for (const [key, w] of windows) if (now - w.start >= windowMs) windows.delete(key);
  };
  return {
    take(key, now = Date.now()) {
      if (windows.size > 10_000) forgetEnded(now);
      let w = windows.get(key);
      if (!w || now - w.start >= windowMs) {
        w = { start: now, count: 0 };
        windows.set(key, w);
      }
      if (w.count >= max) return Math.max(1, Math.ceil((w.start + windowMs - now) / 1000));
      w.count += 1;
      return 0;
    },
  };
}

/** What a contact message missing a field is told, on the form's REST path and over the socket. */
export const CONTACT_INCOMPLETE = 'Please fill out all fields to send your message.';
