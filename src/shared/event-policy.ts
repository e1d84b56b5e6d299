/**
 * For every event on the bus, in one place: which sockets receive it, whether a rendered
 * storefront page may show something else after it, how another instance gets it when it is
 * too large for one PostgreSQL NOTIFY, and what it changes in the browser's query cache.
 * The hub, the page cache, the PostgreSQL bridge and the browser's cache all read this
 * table; a new event type fails the typecheck until it has a row here.
 */

import type { BusEventType } from './events';

export type Audience =
  /** every socket, shoppers included */
  | 'everyone'
  /** staff who read orders, the shopper who placed the order, the drivers it is (or was) assigned to */
  | 'order-readers'
  /** staff with the support permission */
  | 'support'
  /** support and the shopper's own chat session */
  | 'chat-session'
  /** no socket: it only travels between instances */
  | 'instances';

/** The browser's cached server state, by what it holds. */
export type CacheEntry =
  | 'products'
  | 'newest-products'
  | 'categories'
  | 'promotions'
  | 'schedule-slots'
  | 'dealer-settings'
  | 'orders'
  | 'deliveries'
  | 'held-stock'
  | 'delivery-zones'
  | 'store-profile'
  | 'contact-messages';

export interface BrowserEffect {
  /** how the event's data is written into the entry's cached lists and items */
  write?: {
    entry: CacheEntry;
    /** by id (`upsert-first` puts a new one at the top), remove by id, or replace the whole value */
    as: 'upsert' | 'upsert-first' | 'remove' | 'replace';
  };
  /** entries read again from the server */
  refetch?: readonly CacheEntry[];
}

export interface EventPolicy {
  audience: Audience;
  /** rendered storefront pages are rendered again after it */
  storefront: boolean;
  /**
   * over the NOTIFY size limit, the receiving instance reads the data again from its table
   * (`reread`) or from a stored copy of the whole event (`store`)
   */
  oversized: 'reread' | 'store';
  browser: BrowserEffect;
}

const catalog = (browser: BrowserEffect): EventPolicy => ({
  audience: 'everyone',
  storefront: true,
  oversized: 'reread',
  browser,
});

const orders = (browser: BrowserEffect): EventPolicy => ({
  audience: 'order-readers',
  storefront: false,
  oversized: 'reread',
  browser: { ...browser, refetch: ['deliveries', 'held-stock'] },
});

const shared = (browser: BrowserEffect, oversized: 'reread' | 'store' = 'store'): EventPolicy => ({
  audience: 'everyone',
  storefront: false,
  oversized,
  browser,
});

const notForSockets: EventPolicy = {
  audience: 'instances',
  storefront: false,
  oversized: 'store',
  browser: {},
};

export const EVENT_POLICY = {
  'product-created': catalog({
    write: { entry: 'products', as: 'upsert' },
    refetch: ['newest-products'],
  }),
  'product-updated': catalog({
    write: { entry: 'products', as: 'upsert' },
    refetch: ['newest-products'],
  }),
  'product-deleted': {
    ...catalog({ write: { entry: 'products', as: 'remove' } }),
    oversized: 'store',
  },
  'products-updated': catalog({ write: { entry: 'products', as: 'replace' } }),
  // spec §7: the browser ignores it, product-updated carries the change
  'featured-products-updated': catalog({}),
  'category-created': catalog({ refetch: ['categories'] }),
  'category-updated': catalog({ refetch: ['categories'] }),
  // a deleted category's products move to no category
  'category-deleted': { ...catalog({ refetch: ['categories', 'products'] }), oversized: 'store' },
  'categories-updated': catalog({ write: { entry: 'categories', as: 'replace' } }),
  'promotion-created': catalog({ write: { entry: 'promotions', as: 'upsert' } }),
  'promotion-updated': catalog({ write: { entry: 'promotions', as: 'upsert' } }),
  'promotion-deleted': {
    ...catalog({ write: { entry: 'promotions', as: 'remove' } }),
    oversized: 'store',
  },
  'dealer-settings-updated': catalog({ write: { entry: 'dealer-settings', as: 'replace' } }),
  'order-created': orders({ write: { entry: 'orders', as: 'upsert-first' } }),
  'order-updated': orders({ write: { entry: 'orders', as: 'upsert-first' } }),
  'order-deleted': { ...orders({ write: { entry: 'orders', as: 'remove' } }), oversized: 'store' },
  'schedule-slot-created': shared({ write: { entry: 'schedule-slots', as: 'upsert' } }, 'reread'),
  'schedule-slot-updated': shared({ write: { entry: 'schedule-slots', as: 'upsert' } }, 'reread'),
  'schedule-slot-deleted': shared({ write: { entry: 'schedule-slots', as: 'remove' } }),
  'delivery-zone-created': shared({ write: { entry: 'delivery-zones', as: 'upsert' } }),
  'delivery-zone-updated': shared({ write: { entry: 'delivery-zones', as: 'upsert' } }),
  'delivery-zone-deleted': shared({ write: { entry: 'delivery-zones', as: 'remove' } }),
  'store-profile-updated': shared({ write: { entry: 'store-profile', as: 'replace' } }),
  // chat lines are the chat feature's own store, not the query cache
  'new-chat-message': { ...notForSockets, audience: 'chat-session' },
  'support-response': { ...notForSockets, audience: 'chat-session' },
  'new-customer-contact': {
    ...notForSockets,
    audience: 'support',
    browser: { refetch: ['contact-messages'] },
  },
  'contact-message-handled': {
    ...notForSockets,
    audience: 'support',
    browser: { refetch: ['contact-messages'] },
  },
  'dealer-sessions-ended': notForSockets,
  'order-status-changed': notForSockets,
} as const satisfies Record<BusEventType, EventPolicy>;

export function eventPolicy(type: string): EventPolicy | undefined {
  return Object.hasOwn(EVENT_POLICY, type) ? EVENT_POLICY[type as BusEventType] : undefined;
}
