import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { idNumberHash } from './id-number-hash';

const SECRET = 'a-test-secret-that-is-32-chars-!';

describe('the hash of an ID number', () => {
  it('is the HMAC-SHA256 of the normalised number, never the number itself', () => {
    const hash = idNumberHash('D1234567', SECRET);
    expect(hash).toBe(createHmac('sha256', SECRET).update('id:D1234567').digest('hex'));
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    expect(hash).not.toContain('1234567');
  });

  it('is the same however the number was typed or scanned', () => {
    const hash = idNumberHash('D1234567', SECRET);
    expect(idNumberHash(' d123-4567 ', SECRET)).toBe(hash);
    expect(idNumberHash('D 123 4567\r', SECRET)).toBe(hash);
  });

  it('differs by number and by secret, not by anything else typed beside it', () => {
    const hash = idNumberHash('D1234567', SECRET);
    expect(idNumberHash('D1234568', SECRET)).not.toBe(hash);
    expect(idNumberHash('D1234567', `${SECRET}x`)).not.toBe(hash);
  });

  it('refuses a short secret and a number with nothing in it', () => {
    expect(() => idNumberHash('D1234567', 'short')).toThrow('at least 32 characters');
    expect(() => idNumberHash(' - ', SECRET)).toThrow('no letters or digits');
  });
});
