import type {
  FieldError,
  FieldErrors,
  FieldPath,
  FieldValues,
  Resolver,
  UseFormSetError,
} from 'react-hook-form';
import type { z } from 'zod';
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

/**
 * A message under its field reads as a sentence that starts with the field's label:
 * "must be at least 0" under Discount reads "Discount must be at least 0". Messages that
 * already are sentences ("Title is required") stay as they are.
 */
export function labelledSentence(labels: Partial<Record<string, string>>) {
  return (path: string, message: string): string => {
    if (message.charAt(0) === message.charAt(0).toUpperCase()) return message;
    const label = labels[path.split('.')[0]];
    return label ? `${label} ${message}` : fieldSentence(message);
  };
}

/**
 * A react-hook-form resolver over a shared zod schema whose input is the form's values:
 * each issue lands on the field `fieldFor` names (the first issue per field wins), worded
 * by `sentence`; a valid form hands over the schema's output, the body the server reads.
 */
export function schemaResolver<Values extends FieldValues, Output>(
  schema: z.ZodType<Output, Values>,
  place: {
    fieldFor: (path: string) => FieldPath<Values> | undefined;
    sentence: (path: string, message: string) => string;
  },
): Resolver<Values, unknown, Output> {
  return async (values) => {
    const result = await schema.safeParseAsync(values);
    if (result.success) return { values: result.data, errors: {} };
    const errors: Record<string, FieldError> = {};
    for (const issue of result.error.issues) {
      const path = issue.path.join('.');
      const field = place.fieldFor(path);
      if (!field || errors[field]) continue;
      errors[field] = { type: issue.code, message: place.sentence(path, issue.message) };
    }
    return { values: {}, errors: errors as FieldErrors<Values> };
  };
}

/**
 * A form whose fields are named by the keys of `labels`, checked by a shared schema:
 * `fieldFor` places a path (the schema's or the server's) on the field of that name, leaving
 * out any other, and each message starts with its field's label.
 */
export function labelledForm<Values extends FieldValues, Output>(
  schema: z.ZodType<Output, Values>,
  labels: Partial<Record<FieldPath<Values>, string>>,
) {
  const fieldFor = (path: string) => (path in labels ? (path as FieldPath<Values>) : undefined);
  const resolver = schemaResolver(schema, { fieldFor, sentence: labelledSentence(labels) });
  return { fieldFor, resolver };
}
