/** The contact form and the messages it leaves in the inbox. */

import { z } from 'zod';
import { requiredText, SIMPLE_EMAIL } from './fields';

export const contactSchema = z.object({
  name: requiredText(120),
  email: requiredText(254).regex(SIMPLE_EMAIL, 'must be a valid email address'),
  phone: requiredText(40),
  message: requiredText(5000),
});

export type ContactInput = z.infer<typeof contactSchema>;

/** The thanks a sent message is answered with. */
export const contactReceivedResponse = z.object({ message: z.string() });
export type ContactReceived = z.output<typeof contactReceivedResponse>;

export const contactMessageResponse = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  message: z.string(),
  createdAt: z.string(),
  /** null while the message is new to the dealer */
  handledAt: z.string().nullable(),
  /** the live chat it was sent from, so the inbox can open that conversation */
  chatSessionId: z.string().nullable(),
});

export type ContactMessage = z.output<typeof contactSchema>;
export type ContactMessageEntry = z.output<typeof contactMessageResponse>;
