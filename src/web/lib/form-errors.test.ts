import type { FieldValues, UseFormSetError } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client';
import { applyServerErrors, serverFieldErrors } from './form-errors';

const refusal = (errors: unknown) =>
  new ApiError(
    400,
    JSON.stringify({ error: 'Validation failed', code: 'VALIDATION_FAILED', errors }),
    'Bad Request',
  );

describe('server field errors', () => {
  it('reads errors[].path and message from a 400', () => {
    const error = refusal([{ path: 'stock', message: 'must be a multiple of 0.5 grams' }]);
    expect(serverFieldErrors(error)).toEqual([
      { path: 'stock', message: 'must be a multiple of 0.5 grams' },
    ]);
  });

  it('ignores other statuses, non-JSON bodies and malformed entries', () => {
    expect(serverFieldErrors(new ApiError(500, 'oops', 'Server Error'))).toEqual([]);
    expect(serverFieldErrors(new Error('network'))).toEqual([]);
    expect(serverFieldErrors(refusal([{ path: 3 }, null, 'x']))).toEqual([]);
  });

  it('places each error on its field as a sentence and focuses the first', () => {
    const calls: unknown[][] = [];
    const setError = ((...args: unknown[]) => calls.push(args)) as UseFormSetError<FieldValues>;
    const error = refusal([
      { path: 'stock', message: 'must be a whole number' },
      { path: 'flavorStocks.Mint', message: 'must be a whole number' },
      { path: '', message: 'Validation failed' },
    ]);
    const placed = applyServerErrors(error, setError, (path) =>
      path.startsWith('flavorStocks.') ? undefined : path,
    );
    expect(placed).toBe(1);
    expect(calls).toEqual([
      ['stock', { type: 'server', message: 'Must be a whole number' }, { shouldFocus: true }],
    ]);
  });
});
