/** Answers every route shares: success, no content, errors (with the 400 body), and PATCH bodies. */

import { z } from 'zod';
import { ERROR_CODES } from '../error-codes';

export const successResponse = z.object({ success: z.boolean() });
export type SuccessResponse = z.output<typeof successResponse>;

/** 204 No Content. */
export const noContent = z.null().describe('No Content');

/**
 * Every failure answers `{error}`; validation failures add the field errors. Loose, so that the
 * extra fields some answers carry (a code, the items out of stock...) pass through unchanged.
 */
export const errorResponse = z
  .looseObject({
    error: z.string(),
    code: z.enum(ERROR_CODES),
    errors: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
    formattedErrors: z.array(z.string()).optional(),
  })
  .meta({ id: 'Error' });

/** Body of every 400 answer (ARCHITECTURE §1): the message, each field's error, and both as sentences. */
export type ValidationErrorBody = Required<
  Pick<z.output<typeof errorResponse>, 'error' | 'errors' | 'formattedErrors'>
>;
export type FieldProblem = ValidationErrorBody['errors'][number];

/** The 400 body for these field problems: each also as one sentence, "path: message". */
export function validationErrorBody(summary: string, errors: FieldProblem[]): ValidationErrorBody {
  return {
    error: summary,
    errors,
    formattedErrors: errors.map((e) => (e.path ? `${e.path}: ${e.message}` : e.message)),
  };
}

/** The fields of a form, each optional and without its default: the body of a PATCH. */
export function patchOf(form: z.ZodObject) {
  const fields = Object.entries(form.shape).map(([key, field]) => [
    key,
    (field instanceof z.ZodDefault ? field.unwrap() : field).optional(),
  ]);
  return z.looseObject(Object.fromEntries(fields), { message: 'must be a JSON object' });
}
