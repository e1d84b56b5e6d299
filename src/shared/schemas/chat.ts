/** Live chat: a message and a conversation as the API answers them. */
import { z } from 'zod';

export const chatMessageResponse = z
  .object({
    message: z.string(),
    timestamp: z.string(),
    name: z.string().optional(),
    email: z.string().optional(),
    phone: z.string().optional(),
    sessionId: z.string(),
    isFromSupport: z.boolean().optional(),
  })
  .meta({ id: 'ChatMessage' });

export const chatSessionResponse = z.object({
  sessionId: z.string(),
  name: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  createdAt: z.string(),
  lastMessageAt: z.string(),
  unreadCount: z.number().int(),
  lastMessage: z.string().nullable(),
});

export type ChatMessagePayload = z.output<typeof chatMessageResponse>;
export type ChatSessionSummary = z.output<typeof chatSessionResponse>;
