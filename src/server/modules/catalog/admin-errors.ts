import { validationErrorBody } from '../../../shared/schemas/http';
import { HttpError } from '../../http/errors';

/** A 400 in the shape of every validation answer, for a rule a service checks. */
export function invalidField(path: string, message: string, summary = message): HttpError {
  return new HttpError(400, {
    ...validationErrorBody(summary, [{ path, message }]),
    code: 'VALIDATION_FAILED',
  });
}

/** The body of a PATCH must be a JSON object; its known keys override the stored fields. */
export function patchOver<T extends object>(
  current: T,
  body: unknown,
  keys: readonly (keyof T & string)[],
): T {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw invalidField('', 'must be a JSON object', 'Invalid request body');
  }
  const merged = { ...current };
  for (const key of keys) {
    if (Object.hasOwn(body, key))
      (merged as Record<string, unknown>)[key] = (body as Record<string, unknown>)[key];
  }
  return merged;
}

/** A unique index refused the row (SQLite or PostgreSQL). */
export function isUniqueViolation(error: unknown): boolean {
  const code = String((error as { code?: unknown })?.code ?? '');
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE';
}
