/**
 * Recognises the same licence across orders without storing its number (server only: it needs
 * node:crypto, and src/shared stays browser-safe).
 */
import { createHmac } from 'node:crypto';

/** as long as SESSION_SECRET must be (config.ts) */
export const MIN_SECRET_LENGTH = 32;

/**
 * HMAC-SHA256, hex, of the ID's number upper-cased with only letters and digits kept, so
 * "d123-4567" and "D1234567" hash alike. The number alone is the key: retyping the state (or
 * showing a passport, which has none) does not make the same ID a new person. Licence numbers
 * are few enough to try them all, so a plain hash would not hide them: the secret does, and
 * must stay out of the database.
 */
export function idNumberHash(idNumber: string, secret: string): string {
  if (secret.length < MIN_SECRET_LENGTH) {
    throw new RangeError(
      `idNumberHash: the secret must be at least ${MIN_SECRET_LENGTH} characters`,
    );
  }
  const number = alphanumerics(idNumber);
  if (number === '') throw new RangeError('idNumberHash: the ID number has no letters or digits');
  return createHmac('sha256', secret).update(`id:${number}`).digest('hex');
}

/**
 * The hash's own key, derived from the shop's session secret: one secret to keep, and a
 * cookie signature can never be mistaken for an ID hash.
 */
export function idHashSecret(sessionSecret: string): string {
  return createHmac('sha256', sessionSecret).update('canopy id-number hash').digest('hex');
}

function alphanumerics(text: string): string {
  return text.toUpperCase().replace(/[^A-Z0-9]/g, '');
}
