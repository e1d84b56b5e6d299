/**
 * What a browser may send on /ws (spec §7 "Client sends"), one schema per message type.
 * The server parses every message with its schema before its handler runs; the browser's
 * `send` is typed by the same map, so a new message type or a changed payload is a
 * compile error on both sides. What the server sends is `ServerMessageMap` in `events.ts`.
 */

import { z } from 'zod';
import { CHAT_MESSAGE_MAX_LENGTH } from './constants';
import { SIMPLE_EMAIL } from './schemas/fields';

/** The chat session ids the server issues: `session-<epoch ms>-<random>`. */
export const CHAT_SESSION_ID = /^session-\d{10,16}-[A-Za-z0-9]{4,40}$/;

export const chatSessionId = z.string().regex(CHAT_SESSION_ID, 'must be a chat session id');

/** One chat message, from a shopper or from support, on every path in (socket, REST, Telegram). */
export const chatText = z
  .string({ message: 'must be text' })
  .trim()
  .min(1, 'is required')
  .max(CHAT_MESSAGE_MAX_LENGTH, `must be at most ${CHAT_MESSAGE_MAX_LENGTH} characters`);

/** A request or notice whose payload the server does not read. */
const noPayload = z.unknown();

const sessionRef = z.object({ sessionId: chatSessionId });

const shopperChat = z.object({
  sessionId: chatSessionId.optional(),
  message: chatText,
  name: z.string().trim().max(120).optional(),
  email: z.string().trim().max(254).optional(),
  phone: z.string().trim().max(40).optional(),
});

const supportReply = z.object({ sessionId: chatSessionId, message: chatText });

const contactInfo = z.object({
  sessionId: chatSessionId.optional(),
  name: z.string().trim().min(1).max(120),
  email: z.string().trim().regex(SIMPLE_EMAIL).max(254),
  phone: z.string().trim().min(1).max(40),
  message: z.string().trim().max(5000).default(''),
  timestamp: z.string().optional(),
});

/** Spec §7: the page names what went in or out of its cart (the server only notes it). */
const cartNotice = z.object({
  id: z.number().int(),
  quantity: z.string().max(64),
  flavor: z.string().max(120).optional(),
  strainType: z.string().max(64).optional(),
});

export const CLIENT_MESSAGE_SCHEMAS = {
  /** answered with `products-updated` */
  'sync-products': noPayload,
  /** answered with `orders`: the orders this socket may see */
  'check-orders': noPayload,
  /** answered with `schedule-slots` */
  'fetch-schedule-slots': noPayload,
  /** answered with `session-restored`; the spec's client sends both names */
  'restore-session': sessionRef,
  'session-restored': sessionRef,
  /** a shopper's chat message; the spec's `new-chat-message` is the same message */
  'chat-message': shopperChat,
  'new-chat-message': shopperChat,
  /** support's reply to a chat session (support permission) */
  'support-response': supportReply,
  'dealer-response': supportReply,
  /** the chat's contact form */
  'contact-info': contactInfo,
  'add-to-cart': cartNotice,
  'remove-from-cart': cartNotice,
  /** the dealer's own change notices: the REST call already published the change */
  'schedule-slot-created': noPayload,
  'schedule-slot-deleted': noPayload,
  'dealer-settings-updated': noPayload,
} as const;

type Schemas = typeof CLIENT_MESSAGE_SCHEMAS;
export type ClientMessageType = keyof Schemas;
/** What a browser sends with each message type. */
export type ClientMessageMap = { [K in ClientMessageType]: z.input<Schemas[K]> };
/** What a handler on the server receives, once the schema has parsed it. */
export type ClientMessageData<K extends ClientMessageType> = z.output<Schemas[K]>;

export function isClientMessageType(type: string): type is ClientMessageType {
  return Object.hasOwn(CLIENT_MESSAGE_SCHEMAS, type);
}
