import { describe, expect, it } from 'vitest';
import { randomToken } from './random-token';

describe('randomToken', () => {
  it('gives base64url text of the asked number of bytes', () => {
    for (const bytes of [16, 18, 32]) {
      const token = randomToken(bytes);
      expect(token).toMatch(/^[A-Za-z0-9_-]+$/);
      expect(Buffer.from(token, 'base64url')).toHaveLength(bytes);
    }
  });

  it('never hands out the same bytes twice, across refills of its pool', () => {
    // 18 bytes at a time: 600 tokens take 10,800 bytes, more than two refills of 4 KB
    const tokens = Array.from({ length: 600 }, () => randomToken(18));
    expect(new Set(tokens).size).toBe(tokens.length);
  });

  it('serves a request larger than its pool', () => {
    expect(Buffer.from(randomToken(5000), 'base64url')).toHaveLength(5000);
  });
});
