/**
 * The socket notifies, the cache updates: every server event becomes a
 * `setQueryData` (replace or remove by id) or an invalidation, so there is one
 * copy of server state, the TanStack Query cache.
 */
import { type BrowserEffect, type CacheEntry, eventPolicy } from '@shared/event-policy';
import type { ServerMessage } from '@shared/events';
import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { categoriesQueryOptions, categoryKeys } from '@web/api/get-categories';
import { dealerSettingsQueryOptions } from '@web/api/get-dealer-settings';
import { productKeys, productsQueryOptions } from '@web/api/get-products';
import { promotionKeys, promotionsQueryOptions } from '@web/api/get-promotions';
import { storeProfileQueryOptions } from '@web/api/get-store-profile';
import {
  contactMessageKeys,
  deliveryKeys,
  deliveryZoneKeys,
  heldStockKeys,
  orderKeys,
  scheduleSlotKeys,
} from '@web/api/query-keys';

interface WithId {
  id: number;
}

function upsert<T extends WithId>(
  list: T[] | undefined,
  item: T,
  prepend = false,
): T[] | undefined {
  if (!list) return list;
  const index = list.findIndex((x) => x.id === item.id);
  if (index === -1) return prepend ? [item, ...list] : [...list, item];
  const next = [...list];
  next[index] = item;
  return next;
}

function remove<T extends WithId>(list: T[] | undefined, id: number): T[] | undefined {
  return list?.filter((x) => x.id !== id);
}

/** Applies a change to every cached query under `prefix`: lists by id, single items by id. */
function applyUnder(client: QueryClient, prefix: QueryKey, change: (value: unknown) => unknown) {
  for (const query of client.getQueryCache().findAll({ queryKey: prefix })) {
    const current = query.state.data;
    if (current === undefined) continue;
    const next = change(current);
    if (next !== current) client.setQueryData(query.queryKey, next);
  }
}

const replaceIn =
  (item: WithId, prepend = false) =>
  (value: unknown) =>
    Array.isArray(value)
      ? upsert(value as WithId[], item, prepend)
      : (value as WithId).id === item.id
        ? item
        : value;

const removeFrom = (id: number) => (value: unknown) =>
  Array.isArray(value) ? remove(value as WithId[], id) : value;

/** Where each of the event policy's cache entries lives: the prefix of its queries, and the one query a whole value replaces. */
const CACHE: Record<CacheEntry, { under: QueryKey; whole?: QueryKey }> = {
  products: { under: productKeys.all, whole: productsQueryOptions().queryKey },
  'newest-products': { under: productKeys.newest() },
  categories: { under: categoryKeys.all, whole: categoriesQueryOptions().queryKey },
  promotions: { under: promotionKeys.all, whole: promotionsQueryOptions().queryKey },
  'schedule-slots': { under: scheduleSlotKeys.all, whole: scheduleSlotKeys.all },
  'dealer-settings': {
    under: dealerSettingsQueryOptions().queryKey,
    whole: dealerSettingsQueryOptions().queryKey,
  },
  orders: { under: orderKeys.all },
  deliveries: { under: deliveryKeys.all },
  'held-stock': { under: heldStockKeys.all },
  'delivery-zones': { under: deliveryZoneKeys.all },
  'store-profile': {
    under: storeProfileQueryOptions().queryKey,
    whole: storeProfileQueryOptions().queryKey,
  },
  'contact-messages': { under: contactMessageKeys.all },
};

function write(client: QueryClient, effect: NonNullable<BrowserEffect['write']>, data: unknown) {
  const entry = CACHE[effect.entry];
  switch (effect.as) {
    case 'upsert':
    case 'upsert-first':
      applyUnder(client, entry.under, replaceIn(data as WithId, effect.as === 'upsert-first'));
      return;
    case 'remove':
      applyUnder(client, entry.under, removeFrom((data as WithId).id));
      return;
    case 'replace':
      client.setQueryData(entry.whole ?? entry.under, data);
      return;
  }
}

export function applyServerMessage(client: QueryClient, message: ServerMessage): void {
  switch (message.type) {
    case 'init':
      client.setQueryData(productsQueryOptions().queryKey, message.data.products);
      client.setQueryData(categoriesQueryOptions().queryKey, message.data.categories);
      client.setQueryData(promotionsQueryOptions().queryKey, message.data.promotions);
      client.setQueryData(scheduleSlotKeys.all, message.data.scheduleSlots);
      client.setQueryData(dealerSettingsQueryOptions().queryKey, message.data.dealerSettings);
      void client.invalidateQueries({ queryKey: orderKeys.all });
      return;
    case 'orders':
      // a shopper's own orders or a member of staff's: each order query reads its own again
      void client.invalidateQueries({ queryKey: orderKeys.all });
      return;
    case 'schedule-slots':
      client.setQueryData(scheduleSlotKeys.all, message.data);
      return;
  }
  // Every event the server publishes: what it changes here is its row in the event policy table.
  const effect = eventPolicy(message.type)?.browser;
  if (!effect) return; // chat and acknowledgements are handled by the chat feature
  if (effect.write) write(client, effect.write, message.data);
  for (const entry of effect.refetch ?? [])
    void client.invalidateQueries({ queryKey: CACHE[entry].under });
}
