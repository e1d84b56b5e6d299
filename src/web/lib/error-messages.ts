/**
 * What the shopper or the dealer reads when a call fails. Every error answer carries a
 * stable `code` (src/shared/error-codes.ts): the browser branches on it and shows the
 * spec's text for it (§8); the server's English `error` is shown only where no text of
 * ours fits, and is never parsed.
 */
import type { ErrorCode } from '@shared/error-codes';
import { ApiError } from './api-client';

export type ErrorTexts = Partial<Record<ErrorCode, string>>;

/** Texts for a code wherever the refusal happens. */
export const ERROR_TEXTS = {
  INVALID_CREDENTIALS: 'Invalid username or password',
  OUT_OF_STOCK: 'Some items in your cart are no longer available in the requested quantities',
} as const satisfies ErrorTexts;

/** Deleting a top-level category from the Category Manager (spec §8 Category deletion). */
export const CATEGORY_DELETION_TEXTS = {
  CATEGORY_HAS_SUBCATEGORIES:
    'This category has subcategories. Delete subcategories first or move them to another parent.',
} as const satisfies ErrorTexts;

/** Deleting a subcategory (spec §8 Category deletion). */
export const SUBCATEGORY_DELETION_TEXTS = {
  CATEGORY_HAS_SUBCATEGORIES:
    'Cannot delete a category that has subcategories. Delete the subcategories first.',
  CATEGORY_IN_USE: 'Failed to update products using this subcategory.',
} as const satisfies ErrorTexts;

/** No answer arrived at all (offline, DNS, connection reset). */
export const NETWORK_FAILURE =
  'Could not reach the shop. Please check your connection and try again.';

/** The code of a refused call; undefined for a network failure or an answer without one. */
export function errorCode(error: unknown): ErrorCode | undefined {
  return error instanceof ApiError ? error.code : undefined;
}

export function hasErrorCode(error: unknown, ...codes: ErrorCode[]): boolean {
  const code = errorCode(error);
  return code !== undefined && codes.includes(code);
}

/** The server's own `error` (or `message`) text, when it sent one. */
export function serverText(error: unknown): string | undefined {
  return error instanceof ApiError ? error.serverMessage : undefined;
}

/** Our text for the refusal's code: the screen's table first, then the general one. */
export function textForCode(error: unknown, texts: ErrorTexts = {}): string | undefined {
  const code = errorCode(error);
  if (code === undefined) return undefined;
  return texts[code] ?? (ERROR_TEXTS as ErrorTexts)[code];
}

/**
 * The text to show for a failed call: ours for its code, else the server's words, else
 * `fallback` (a network failure, or an answer without a JSON body).
 */
export function errorMessage(error: unknown, fallback: string, texts: ErrorTexts = {}): string {
  return textForCode(error, texts) ?? serverText(error) ?? fallback;
}

/** The text for a failed dealer call inside a "Failed to ...: {message}" toast. */
export function errorText(error: unknown): string {
  return errorMessage(error, error instanceof Error ? error.message : String(error));
}
