import type { FastifyError, FastifyInstance } from 'fastify';
import { type ZodType, z } from 'zod';
import type { ValidationErrorBody } from '../../shared/types';

/** An error whose status and JSON body go to the client as they are. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly body: { error: string } & Record<string, unknown>,
  ) {
    super(body.error);
  }
}

export const notFound = (what: string) => new HttpError(404, { error: `${what} not found` });

export function validationBody(
  error: z.ZodError,
  summary = 'Validation failed',
): ValidationErrorBody {
  const errors = error.issues.map((issue) => ({
    path: issue.path.join('.'),
    message: issue.message,
  }));
  return {
    error: summary,
    errors,
    formattedErrors: errors.map((e) => (e.path ? `${e.path}: ${e.message}` : e.message)),
  };
}

/** Parses a body, query or params object, answering 400 with the field errors when it does not fit. */
export function parseInput<S extends ZodType>(
  schema: S,
  input: unknown,
  summary?: string,
): z.output<S> {
  const result = schema.safeParse(input);
  if (!result.success) throw new HttpError(400, { ...validationBody(result.error, summary) });
  return result.data;
}

export const idParams = z.object({
  id: z.coerce
    .number({ message: 'must be a number' })
    .int('must be a whole number')
    .positive('must be a positive id')
    .max(2_147_483_647, 'is too large'),
});

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof HttpError) {
      return reply.status(error.statusCode).send(error.body);
    }
    if (error.validation) {
      return reply
        .status(400)
        .send({ error: error.message, errors: [], formattedErrors: [error.message] });
    }
    const status = error.statusCode ?? 500;
    if (status >= 500) {
      request.log.error({ err: error }, 'request failed');
      if (isDatabaseUnavailable(error)) {
        return reply
          .status(503)
          .send({ error: 'The shop is briefly unavailable. Please try again in a moment.' });
      }
      return reply.status(500).send({ error: 'Internal server error' });
    }
    // Fastify's own 4xx (bad JSON, unsupported media type, body too large...) keep their status.
    return reply.status(status).send({ error: error.message });
  });
}

function isDatabaseUnavailable(error: unknown): boolean {
  const code = (error as { code?: string }).code ?? '';
  return (
    ['ECONNREFUSED', 'ECONNRESET', '57P01', '57P03', '08006', '08001', 'SQLITE_BUSY'].includes(
      code,
    ) ||
    /Connection terminated|timeout exceeded when trying to connect|not queryable/i.test(
      String((error as Error).message),
    )
  );
}
