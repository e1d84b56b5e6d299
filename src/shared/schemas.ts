/** Payload schemas shared by the browser forms and the server routes: one definition each. */
import { z } from 'zod';

export const SIMPLE_EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

const requiredText = (max: number) =>
  z
    .string({ message: 'is required' })
    .trim()
    .min(1, 'is required')
    .max(max, `must be at most ${max} characters`);

export const contactSchema = z.object({
  name: requiredText(120),
  email: requiredText(254).regex(SIMPLE_EMAIL, 'must be a valid email address'),
  phone: requiredText(40),
  message: requiredText(5000),
});
export type ContactInput = z.infer<typeof contactSchema>;
