/** Staff sign-in: the login form and the session the server answers. */

import { z } from 'zod';
import { PERMISSIONS, STAFF_ROLES } from '../staff';
import { LONE_SURROGATE } from './fields';

/** Spec §4 dealer login: both fields required; the server alone judges them. */
export const loginSchema = z.object({
  username: z
    .string({ message: 'is required' })
    .trim()
    .min(1, 'is required')
    .max(64, 'must be at most 64 characters')
    // the username is looked up in a text column, which cannot hold NUL on PostgreSQL
    .refine((value) => !value.includes('\u0000'), 'must not contain NUL characters')
    // half of a surrogate pair is no character: it cannot be stored, compared or keyed
    .refine((value) => !LONE_SURROGATE.test(value), 'must be text without broken characters'),
  password: z
    .string({ message: 'is required' })
    .min(1, 'is required')
    .max(256, 'must be at most 256 characters'),
});

export type LoginInput = z.infer<typeof loginSchema>;

export const sessionResponse = z.object({
  authenticated: z.boolean(),
  username: z.string().nullable(),
  /** signed in only: the role and what it may do, so the back office shows its screens */
  role: z.enum(STAFF_ROLES).optional(),
  firstName: z.string().optional(),
  permissions: z.array(z.enum(PERMISSIONS)).optional(),
});

export type Session = z.output<typeof sessionResponse>;
