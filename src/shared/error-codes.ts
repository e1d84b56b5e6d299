/**
 * The stable `code` of every error answer (HTTP bodies, and the /ws upgrade refusals).
 * Bodies keep the spec's fields (`error`, `message`, `errors`, ...); the code is what
 * a client branches on, never the English text.
 */
export const ERROR_CODES = [
  // any route
  'VALIDATION_FAILED',
  'BAD_REQUEST',
  'NOT_FOUND',
  'UNAUTHORIZED',
  'FORBIDDEN',
  'CROSS_SITE_REQUEST',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'REQUEST_TIMEOUT',
  'RATE_LIMITED',
  'INTERNAL_ERROR',
  'SERVICE_UNAVAILABLE',
  // dealer login
  'INVALID_CREDENTIALS',
  'LOGIN_THROTTLED',
  'ACCOUNT_DISABLED',
  // staff
  'USERNAME_TAKEN',
  'EMPLOYEE_NUMBER_TAKEN',
  'LAST_OWNER',
  // order placement
  'OUT_OF_STOCK',
  'PRICE_CHANGED',
  'SLOT_UNAVAILABLE',
  'INVALID_PROMO_CODE',
  'MINIMUM_NOT_MET',
  'UNKNOWN_FLAVOR',
  'SCHEDULED_ORDER_CAP',
  'INVALID_IDEMPOTENCY_KEY',
  'IDEMPOTENCY_KEY_REUSED',
  'ORDER_IN_PROGRESS',
  'PURCHASE_LIMIT',
  'BULK_OVER_LIMITS',
  'OUTSIDE_DELIVERY_AREA',
  // back office
  'PRODUCT_IS_FREEBIE',
  'CATEGORY_SLUG_TAKEN',
  'CATEGORY_HAS_SUBCATEGORIES',
  'CATEGORY_IN_USE',
  'CATEGORY_USED_BY_PROMOTIONS',
  'PROMO_CODE_TAKEN',
  'BOGO50_EDIT_REFUSED',
  'BOGO50_DELETE_REFUSED',
  'SLOT_EXISTS',
  'POSTAL_CODE_IN_OTHER_ZONE',
  'CHAT_REPLY_REFUSED',
  // dispatch and delivery
  'ORDER_STATUS_REFUSED',
  'NOT_A_DRIVER',
  'PICKUP_HAS_NO_DRIVER',
  'ID_CHECK_REQUIRED',
  'NO_RECEIPT',
  'SIGNATURE_REQUIRED',
  'UPLOAD_NOT_MULTIPART',
  'UPLOAD_NO_FILES',
  'UPLOAD_TOO_MANY_FILES',
  'UPLOAD_TOO_MANY_FIELDS',
  'UPLOAD_TOO_LARGE',
  'UPLOAD_UNSUPPORTED_TYPE',
  'UPLOAD_UNREADABLE_IMAGE',
  'UPLOAD_MALFORMED',
  'CATALOG_IMPORT_INVALID',
  'CATALOG_IMPORT_NOT_CSV',
  'CATALOG_IMPORT_NO_FILE',
  'CATALOG_IMPORT_TOO_LARGE',
  'CATALOG_IMPORT_MALFORMED',
  // contact form and chat
  'CONTACT_RATE_LIMITED',
  // real-time channel
  'CROSS_SITE_WEBSOCKET',
  'TOO_MANY_WEBSOCKETS',
  // operations
  'DATABASE_UNREACHABLE',
  'MIGRATIONS_PENDING',
  'METRICS_UNAUTHORIZED',
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

export const isErrorCode = (value: unknown): value is ErrorCode =>
  typeof value === 'string' && (ERROR_CODES as readonly string[]).includes(value);
