import type { FieldPath, FieldValues, UseFormSetError } from 'react-hook-form';
import { ApiError } from './api-client';

export interface ServerFieldError {
  path: string;
  message: string;
}

/** The field errors of a 400 (`errors[].path` as the shared schemas name them), if any. */
export function serverFieldErrors(error: unknown): ServerFieldError[] {
  if (!(error instanceof ApiError) || error.status !== 400) return [];
  const list = error.json?.errors;
  if (!Array.isArray(list)) return [];
  return list.flatMap((item) =>
    item && typeof item.path === 'string' && typeof item.message === 'string'
      ? [{ path: item.path, message: item.message }]
      : [],
  );
}

/** Schema messages are fragments ("must be a whole number"); under a field they read as a sentence. */
export function fieldSentence(message: string): string {
  return message.charAt(0).toUpperCase() + message.slice(1);
}

/**
 * Puts a refused save's field errors under the fields they are about. `fieldFor` maps a
 * server path to the form's field name (default: the same name); paths it returns
 * undefined for are skipped; `sentence` words the message for its field. Returns how many errors landed on a field, so the caller
 * can fall back to a toast when none did.
 */
export function applyServerErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fieldFor: (path: string) => FieldPath<T> | undefined = (path) => path as FieldPath<T>,
  sentence: (path: string, message: string) => string = (_path, message) => fieldSentence(message),
): number {
  let placed = 0;
  for (const { path, message } of serverFieldErrors(error)) {
    const field = path ? fieldFor(path) : undefined;
    if (!field) continue;
    setError(
      field,
      { type: 'server', message: sentence(path, message) },
      { shouldFocus: placed === 0 },
    );
    placed += 1;
  }
  return placed;
}
