import type { FastifyRequest, FastifyServerOptions } from 'fastify';

/**
 * Where a customer's details could reach a log line: request headers (cookies,
 * credentials), error details from the database (PostgreSQL repeats the values of a
 * violated key), and objects a handler passes along (a rejected chat message).
 * Request and response bodies are never logged in the first place.
 */
export const REDACTED_PATHS = [
  'req.headers.cookie',
  'req.headers.authorization',
  'res.headers["set-cookie"]',
  'headers.cookie',
  'headers.authorization',
  'body',
  'data',
  'payload',
  'err.detail',
  'err.parameters',
  '*.password',
  '*.customer',
  '*.phone',
  '*.email',
  '*.address',
  '*.deliveryNotes',
] as const;

/** Paths whose next segment is a secret: an order's status link. */
const SECRET_SEGMENT = /^(\/o\/|\/api\/order-status\/)[^/?#]+/;
/** Query parameters that hold a secret (a status token) or a customer's details. */
const SECRET_PARAMS = new Set(['token', 'name', 'customer', 'phone', 'email', 'address']);
const REDACTED = '[redacted]';

function paramName(pair: string): string {
  const name = pair.split('=', 1)[0].replace(/\+/g, ' ');
  try {
    return decodeURIComponent(name).toLowerCase();
  } catch {
    return name.toLowerCase();
  }
}

/**
 * The request's URL as it may be logged: a status link's token (`/o/<token>`,
 * `/api/order-status/<token>`, `?token=`) and a shopper's name (`/thank-you?name=`) redacted.
 */
export function redactUrl(url: string): string {
  const [pathname, query] = splitOnce(url, '?');
  const path = pathname.replace(SECRET_SEGMENT, `$1${REDACTED}`);
  if (query === null) return path;
  const pairs = query
    .split('&')
    .map((pair) =>
      SECRET_PARAMS.has(paramName(pair)) ? `${pair.split('=', 1)[0]}=${REDACTED}` : pair,
    );
  return `${path}?${pairs.join('&')}`;
}

function splitOnce(text: string, separator: string): [string, string | null] {
  const at = text.indexOf(separator);
  return at === -1 ? [text, null] : [text.slice(0, at), text.slice(at + 1)];
}

/** Fastify's request fields, with the URL redacted. */
function requestFields(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

export function loggerOptions(
  level: string,
  stream?: { write(line: string): void },
): FastifyServerOptions['logger'] {
  return {
    level,
    redact: { paths: [...REDACTED_PATHS], censor: REDACTED },
    serializers: { req: requestFields },
    ...(stream ? { stream } : {}),
  };
}
