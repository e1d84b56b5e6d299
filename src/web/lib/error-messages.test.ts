import { ERROR_CODES } from '@shared/error-codes';
import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client';
import {
  CATEGORY_DELETION_TEXTS,
  ERROR_TEXTS,
  errorCode,
  errorMessage,
  hasErrorCode,
  NETWORK_FAILURE,
  SUBCATEGORY_DELETION_TEXTS,
  textForCode,
} from './error-messages';

const refused = (status: number, body: unknown) =>
  new ApiError(status, typeof body === 'string' ? body : JSON.stringify(body), '');

describe('error codes in the browser', () => {
  it('reads the code of an answer, in the UPPER_SNAKE form only', () => {
    expect(errorCode(refused(429, { error: 'Too many', code: 'LOGIN_THROTTLED' }))).toBe(
      'LOGIN_THROTTLED',
    );
    expect(errorCode(refused(429, { error: 'Too many', code: 'login_throttled' }))).toBeUndefined();
    expect(errorCode(refused(409, { error: 'Prices changed' }))).toBeUndefined();
    expect(errorCode(refused(502, '<html>Bad gateway</html>'))).toBeUndefined();
    expect(errorCode(new TypeError('Failed to fetch'))).toBeUndefined();
  });

  it('matches one of several codes', () => {
    const error = refused(400, { error: 'x', code: 'CATEGORY_IN_USE' });
    expect(hasErrorCode(error, 'CATEGORY_HAS_SUBCATEGORIES', 'CATEGORY_IN_USE')).toBe(true);
    expect(hasErrorCode(error, 'NOT_FOUND')).toBe(false);
  });

  it('maps only codes the server may send', () => {
    for (const table of [ERROR_TEXTS, CATEGORY_DELETION_TEXTS, SUBCATEGORY_DELETION_TEXTS]) {
      for (const code of Object.keys(table)) expect(ERROR_CODES).toContain(code);
    }
  });
});

describe('texts for a refusal (spec §8)', () => {
  it('shows the spec text for a code, whatever the server wrote', () => {
    const error = refused(401, { error: 'Nope', code: 'INVALID_CREDENTIALS' });
    expect(errorMessage(error, 'fallback')).toBe('Invalid username or password');
  });

  it("falls back to the server's error, then its message, then the caller's text", () => {
    const throttled = refused(429, {
      error: 'Too many failed logins. Please try again later.',
      code: 'LOGIN_THROTTLED',
    });
    expect(errorMessage(throttled, 'fallback')).toBe(
      'Too many failed logins. Please try again later.',
    );
    expect(errorMessage(refused(400, { message: 'Only a message' }), 'fallback')).toBe(
      'Only a message',
    );
    expect(errorMessage(refused(502, '<html>Bad gateway</html>'), 'fallback')).toBe('fallback');
    expect(errorMessage(new TypeError('Failed to fetch'), NETWORK_FAILURE)).toBe(NETWORK_FAILURE);
  });

  it('lets a screen give its own text for a code', () => {
    const hasChildren = refused(400, {
      error: 'Cannot delete a category that has subcategories',
      code: 'CATEGORY_HAS_SUBCATEGORIES',
    });
    expect(textForCode(hasChildren, CATEGORY_DELETION_TEXTS)).toBe(
      'This category has subcategories. Delete subcategories first or move them to another parent.',
    );
    expect(textForCode(hasChildren, SUBCATEGORY_DELETION_TEXTS)).toBe(
      'Cannot delete a category that has subcategories. Delete the subcategories first.',
    );
    const inUse = refused(400, { error: 'In use', code: 'CATEGORY_IN_USE' });
    expect(textForCode(inUse, SUBCATEGORY_DELETION_TEXTS)).toBe(
      'Failed to update products using this subcategory.',
    );
    expect(
      textForCode(
        refused(500, { error: 'Internal server error', code: 'INTERNAL_ERROR' }),
        SUBCATEGORY_DELETION_TEXTS,
      ),
    ).toBeUndefined();
  });

  it('never reads the English text to decide', () => {
    // a message mentioning subcategories is not a CATEGORY_HAS_SUBCATEGORIES refusal
    const prose = refused(400, { error: 'subcategories and products everywhere' });
    expect(textForCode(prose, SUBCATEGORY_DELETION_TEXTS)).toBeUndefined();
  });
});
