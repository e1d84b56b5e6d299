/**
 * The real-time channel's messages (spec §7), as a typed map so a typo in an
 * event name is a compile error on both sides. Every message is `{type, data}`.
 */

import type { OrderStatus } from './constants';
import type { Category } from './schemas/categories';
import type { ChatMessagePayload } from './schemas/chat';
import type { Order } from './schemas/orders';
import type { Product } from './schemas/products';
import type { Promotion } from './schemas/promotions';
import type { ScheduleSlot } from './schemas/schedule';
import type { DealerSettings } from './schemas/settings';
import type { StoreProfile } from './schemas/store-profile';
import type { DeliveryZone } from './schemas/zones';

/** A record's life on the channel: the whole record when created or updated, its id when deleted. */
type RecordEvents<Name extends string, Row> = Record<`${Name}-created` | `${Name}-updated`, Row> &
  Record<`${Name}-deleted`, { id: number }>;

/** Events that services publish after a committed change; each instance's hub delivers them. */
export interface DomainEventMap
  extends RecordEvents<'product', Product>,
    RecordEvents<'order', Order>,
    RecordEvents<'category', Category>,
    RecordEvents<'promotion', Promotion>,
    RecordEvents<'schedule-slot', ScheduleSlot>,
    RecordEvents<'delivery-zone', DeliveryZone> {
  'products-updated': Product[];
  'categories-updated': Category[];
  'dealer-settings-updated': DealerSettings;
  'featured-products-updated': Product[];
  /** the shop's facts changed (footer, Pickup tab, cart) */
  'store-profile-updated': StoreProfile;
}

export type DomainEventType = keyof DomainEventMap;

export interface ServerMessageMap extends DomainEventMap {
  init: {
    products: Product[];
    categories: Category[];
    promotions: Promotion[];
    orders: Order[];
    scheduleSlots: ScheduleSlot[];
    dealerSettings: DealerSettings;
    /** the chat session the server issued to (or found bound to) this shopper */
    sessionId: string;
  };
  /** the answer to `check-orders`: the orders this socket may see (a shopper's own, a driver's stops) */
  orders: Order[];
  /** the answer to `fetch-schedule-slots` */
  'schedule-slots': ScheduleSlot[];
  'session-restored': { sessionId: string; chatHistory: ChatMessagePayload[] };
  'new-chat-message': ChatMessagePayload;
  /** dealers only; `id` names the stored contact message, `sessionId` the live chat it came from */
  'new-customer-contact': {
    name: string;
    phone: string;
    email: string;
    id?: number;
    sessionId?: string;
  };
  'support-response': { message: string; timestamp: string; sessionId?: string };
  'dealer-response': { message: string; timestamp: string };
  'retailer-message': { message: string; timestamp: string };
  'broadcast-message': { message: string; timestamp: string };
  'telegram-message': { message: string; timestamp: string };
  /** the acknowledgement of a chat message; `ok: false` with the reason (and the seconds to wait) when it was refused */
  'message-received': { ok: boolean; error?: string; retryAfter?: number };
  /** the acknowledgement of a contact-info; `ok: false` with the reason when it was refused */
  'contact-received': { ok: boolean; error?: string };
  /** dealers only: a contact message was marked handled (or new again) in the inbox */
  'contact-message-handled': { id: number; handledAt: string | null };
}

export type ServerMessage = {
  [K in keyof ServerMessageMap]: { type: K; data: ServerMessageMap[K] };
}[keyof ServerMessageMap];

/** Events between the instances' hubs, never sent to a socket. */
export interface InternalEventMap {
  /** dealer sessions that ended (logout): their sockets stop being dealer sockets */
  'dealer-sessions-ended': { sessionIds: string[] };
  /** an order moved from one status to another (its shopper may be told: notifications) */
  'order-status-changed': { id: number; from: OrderStatus; to: OrderStatus };
}

/** What travels on the bus: domain changes plus the chat messages that must reach other instances. */
export type BusEventMap = DomainEventMap &
  InternalEventMap &
  Pick<
    ServerMessageMap,
    'new-chat-message' | 'support-response' | 'new-customer-contact' | 'contact-message-handled'
  >;
export type BusEventType = keyof BusEventMap;
