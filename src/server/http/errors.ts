import type { FastifyError, FastifyInstance, FastifySchemaCompiler } from 'fastify';
import { type ZodType, z } from 'zod';
import type { ErrorCode } from '../../shared/error-codes';
import { type ValidationErrorBody, validationErrorBody } from '../../shared/schemas/http';

/** Every error answer: the spec's fields, and the stable code clients branch on. */
export type ErrorBody = { error: string; code: ErrorCode } & Record<string, unknown>;

/** An error whose status and JSON body go to the client as they are. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly body: ErrorBody,
  ) {
    super(body.error);
  }
}

export const notFound = (what: string) =>
  new HttpError(404, { error: `${what} not found`, code: 'NOT_FOUND' });

export function validationBody(
  error: z.ZodError,
  summary = 'Validation failed',
): ValidationErrorBody & { code: 'VALIDATION_FAILED' } {
  const errors = error.issues.map((issue) => ({
    path: issue.path.join('.'),
    message: issue.message,
  }));
  return { ...validationErrorBody(summary, errors), code: 'VALIDATION_FAILED' };
}

/**
 * A 400 for one field judged by a rule beyond its schema (a window that closed, a line that is
 * not in the order), shaped like a schema's own: the form puts it back under that field.
 * `summary` is a sentence for a person, for answers read outside a form.
 */
export function fieldError(path: string, message: string, summary?: string): HttpError {
  return new HttpError(400, {
    ...validationErrorBody('Validation failed', [{ path, message }]),
    code: 'VALIDATION_FAILED',
    ...(summary ? { message: summary } : {}),
  });
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

const summaries = new WeakMap<ZodType, string>();

/** A copy of the schema whose 400 answers carry this summary as `error` (e.g. "Invalid product id"). */
export function withSummary<S extends ZodType>(schema: S, summary: string): S {
  const copy = schema.clone() as S;
  summaries.set(copy, summary);
  return copy;
}

const keepsInput = new WeakSet<ZodType>();

/**
 * A copy of the schema that checks the input but hands the handler the input as sent: for a
 * PATCH whose service merges the sent fields over the stored row and validates the result.
 */
export function validateOnly<S extends ZodType>(schema: S, summary: string): S {
  const copy = withSummary(schema, summary);
  keepsInput.add(copy);
  return copy;
}

/** A route's params, query or body did not fit its declared schema. */
export class RequestValidationError extends Error {
  readonly statusCode = 400;
  constructor(
    readonly zodError: z.ZodError,
    readonly summary: string | undefined,
  ) {
    super(summary ?? 'Validation failed');
  }
}

/**
 * Validates a declared params/query/body schema before the handler runs. The type provider's own
 * compiler would do the same but reports paths as JSON pointers without their original segments
 * (a flavor named "Blue/Dream"), and the answers must keep the zod paths the forms map back.
 */
/**
 * Where the first NUL character sits in a payload, or null. PostgreSQL cannot store NUL in a
 * text column, so every route refuses it up front instead of failing at the INSERT with a 500.
 */
export function pathToNul(payload: unknown): (string | number)[] | null {
  // iterative, with parent links instead of copied paths: a hostile payload can nest arrays
  // deeper than the call stack, and copying the path at every level would be quadratic
  interface Step {
    value: unknown;
    key?: string | number;
    parent?: Step;
  }
  const pathOf = (step: Step): (string | number)[] => {
    const path: (string | number)[] = [];
    for (let at: Step | undefined = step; at?.key !== undefined; at = at.parent)
      path.unshift(at.key);
    return path;
  };
  const pending: Step[] = [{ value: payload }];
  while (pending.length > 0) {
    const step = pending.pop() as Step;
    const { value } = step;
    if (typeof value === 'string') {
      if (value.includes('\u0000')) return pathOf(step);
    } else if (Array.isArray(value)) {
      value.forEach((item, index) => {
        pending.push({ value: item, key: index, parent: step });
      });
    } else if (value && typeof value === 'object') {
      for (const [key, item] of Object.entries(value)) {
        const child = { value: item, key, parent: step };
        if (key.includes('\u0000')) return pathOf(child);
        pending.push(child);
      }
    }
  }
  return null;
}

export const zodValidatorCompiler: FastifySchemaCompiler<ZodType> =
  ({ schema }) =>
  (data) => {
    const nulAt = pathToNul(data);
    if (nulAt) {
      const issue = {
        code: 'custom' as const,
        path: nulAt,
        message: 'must not contain NUL characters',
        input: data,
      };
      return { error: new RequestValidationError(new z.ZodError([issue]), summaries.get(schema)) };
    }
    const result = schema.safeParse(data);
    if (result.success) return { value: keepsInput.has(schema) ? data : result.data };
    return { error: new RequestValidationError(result.error, summaries.get(schema)) };
  };

/**
 * An id in a path: plain decimal digits only. `Number()` would read `0x10`,
 * `1e1` and ` 16` as ids, so the same record answered to many spellings.
 */
export const idParam = z
  .string({ message: 'must be a number' })
  .regex(/^[1-9][0-9]{0,9}$/, 'must be a positive whole number')
  .transform(Number)
  .refine((id) => id <= 2_147_483_647, 'is too large');

export const idParams = z.object({ id: idParam });

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof HttpError) {
      return reply.status(error.statusCode).send(error.body);
    }
    if (error instanceof RequestValidationError) {
      return reply.status(400).send(validationBody(error.zodError, error.summary));
    }
    if (error.validation) {
      return reply.status(400).send({
        error: error.message,
        code: 'VALIDATION_FAILED',
        errors: [],
        formattedErrors: [error.message],
      } satisfies ErrorBody);
    }
    const status = error.statusCode ?? 500;
    if (status >= 500) {
      request.log.error({ err: error }, 'request failed');
      if (isDatabaseUnavailable(error)) {
        return reply.status(503).send({
          error: 'The shop is briefly unavailable. Please try again in a moment.',
          code: 'SERVICE_UNAVAILABLE',
        } satisfies ErrorBody);
      }
      return reply
        .status(500)
        .send({ error: 'Internal server error', code: 'INTERNAL_ERROR' } satisfies ErrorBody);
    }
    // Fastify's own 4xx (bad JSON, unsupported media type, body too large...) keep their status.
    return reply
      .status(status)
      .send({ error: error.message, code: codeForStatus(status) } satisfies ErrorBody);
  });
}

const CODE_BY_STATUS: Partial<Record<number, ErrorCode>> = {
  401: 'UNAUTHORIZED',
  403: 'CROSS_SITE_REQUEST',
  404: 'NOT_FOUND',
  408: 'REQUEST_TIMEOUT',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'RATE_LIMITED',
};

/** The code of an error raised by Fastify or a plugin rather than by our own code. */
export const codeForStatus = (status: number): ErrorCode => CODE_BY_STATUS[status] ?? 'BAD_REQUEST';

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
