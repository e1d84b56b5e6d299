import type { Order, OrderPlacementInput } from '@shared/schemas/orders';
import { ApiError, apiFetch } from '@web/lib/api-client';
import { ERROR_TEXTS, hasErrorCode, NETWORK_FAILURE } from '@web/lib/error-messages';

interface OutOfStockItem {
  name: string;
  requested: number;
  available: number;
}

function isOutOfStockItem(value: unknown): value is OutOfStockItem {
  if (!value || typeof value !== 'object') return false;
  const item = value as Record<string, unknown>;
  return typeof item.name === 'string';
}

/**
 * The message after "Failed to place order: " (spec §8): the out-of-stock list, then
 * the validation errors, message, error or status; a non-JSON body gives the status only.
 */
export function placeOrderErrorMessage(error: ApiError): string {
  const body = error.json;
  if (!body) return `Server error: ${error.status}. Please try again.`;
  const outOfStock = Array.isArray(body.outOfStockItems)
    ? body.outOfStockItems.filter(isOutOfStockItem)
    : [];
  if (outOfStock.length > 0) {
    const list = outOfStock
      .map((item) => `${item.name} (requested: ${item.requested}, available: ${item.available})`)
      .join(', ');
    return `${ERROR_TEXTS.OUT_OF_STOCK}: ${list}`;
  }
  if (error.code === 'OUT_OF_STOCK') return `${ERROR_TEXTS.OUT_OF_STOCK}.`;
  const formatted = Array.isArray(body.formattedErrors)
    ? body.formattedErrors.filter((e): e is string => typeof e === 'string')
    : [];
  if (formatted.length > 0) return formatted.join(', ');
  if (typeof body.message === 'string' && body.message) return body.message;
  if (typeof body.error === 'string' && body.error) return body.error;
  return `Server error: ${error.status}`;
}

export function failureMessage(error: unknown): string {
  if (error instanceof ApiError) return placeOrderErrorMessage(error);
  return NETWORK_FAILURE;
}

/**
 * The server stores its answer under the Idempotency-Key, refusals included. Only when
 * no answer arrived (network, 5xx) or the first attempt is still running is the same key
 * worth sending again; otherwise the next attempt is a new one.
 */
export function mayRetrySameKey(error: unknown): boolean {
  if (!(error instanceof ApiError)) return true;
  if (error.status >= 500) return true;
  return error.code === 'ORDER_IN_PROGRESS';
}

/** POST /api/orders/simple; the same key on a retry lets the server answer the first order. */
export function placeOrder(payload: OrderPlacementInput, idempotencyKey: string): Promise<Order> {
  return apiFetch<Order>('/api/orders/simple', {
    method: 'POST',
    body: JSON.stringify(payload),
    headers: { 'Idempotency-Key': idempotencyKey },
  });
}

export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  // randomUUID needs a secure context; plain http on a LAN address still has getRandomValues
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6] & 0x0f) | 0x40;
  bytes[8] = (bytes[8] & 0x3f) | 0x80;
  const hex = [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

export function isPricesChanged(error: unknown): boolean {
  return hasErrorCode(error, 'PRICE_CHANGED');
}
