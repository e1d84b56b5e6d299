import type { FastifyServerOptions } from 'fastify';

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

export function loggerOptions(
  level: string,
  stream?: { write(line: string): void },
): FastifyServerOptions['logger'] {
  return {
    level,
    redact: { paths: [...REDACTED_PATHS], censor: '[redacted]' },
    ...(stream ? { stream } : {}),
  };
}
