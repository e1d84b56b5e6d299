import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { idNumberHash } from './id-number-hash';

const SECRET = 'a-test-secret-that-is-32-chars-!';

describe('the hash of a licence number', () => {
  it('is the HMAC-SHA256 of the normalised state and number, never the number itself', () => {
    const hash = idNumberHash('D1234567', 'CA', SECRET);
    expect(hash).toBe(createHmac('sha256', SECRET).update('CA:D1234567').digest('hex'));
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    expect(hash).not.toContain('1234567');
  });

  it('is the same however the number was typed or scanned', () => {
    const hash = idNumberHash('D1234567', 'CA', SECRET);
    expect(idNumberHash(' d123-4567 ', 'ca', SECRET)).toBe(hash);
    expect(idNumberHash('D 123 4567\r', 'C.A.', SECRET)).toBe(hash);
  });

  it('differs by state, by number and by secret', () => {
    const hash = idNumberHash('D1234567', 'CA', SECRET);
    expect(idNumberHash('D1234567', 'NV', SECRET)).not.toBe(hash);
    expect(idNumberHash('D1234568', 'CA', SECRET)).not.toBe(hash);
    expect(idNumberHash('D1234567', 'CA', `${SECRET}x`)).not.toBe(hash);
    expect(idNumberHash('AD1', 'C', SECRET)).not.toBe(idNumberHash('D1', 'CA', SECRET));
  });

  it('refuses a short secret and a number with nothing in it', () => {
    expect(() => idNumberHash('D1234567', 'CA', 'short')).toThrow('at least 32 characters');
    expect(() => idNumberHash(' - ', 'CA', SECRET)).toThrow('no letters or digits');
  });
});
