/**
 * The socket notifies, the cache updates: every server event becomes a
 * `setQueryData` (replace or remove by id) or an invalidation, so there is one
 * copy of server state, the TanStack Query cache.
 */
import type { ServerMessage } from '@shared/events';
import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { categoriesQueryOptions, categoryKeys } from '@web/api/get-categories';
import { contactMessageKeys } from '@web/api/get-contact-messages';
import { dealerSettingsQueryOptions } from '@web/api/get-dealer-settings';
import { deliveryKeys } from '@web/api/get-deliveries';
import { deliveryZoneKeys } from '@web/api/get-delivery-zones';
import { heldStockKeys } from '@web/api/get-held-stock';
import { orderKeys } from '@web/api/get-orders';
import { productKeys, productsQueryOptions } from '@web/api/get-products';
import { promotionKeys, promotionsQueryOptions } from '@web/api/get-promotions';
import { scheduleSlotKeys, scheduleSlotsQueryOptions } from '@web/api/get-schedule-slots';
import { storeProfileQueryOptions } from '@web/api/get-store-profile';

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

export function applyServerMessage(client: QueryClient, message: ServerMessage): void {
  switch (message.type) {
    case 'init':
      client.setQueryData(productsQueryOptions().queryKey, message.data.products);
      client.setQueryData(categoriesQueryOptions().queryKey, message.data.categories);
      client.setQueryData(promotionsQueryOptions().queryKey, message.data.promotions);
      client.setQueryData(scheduleSlotsQueryOptions().queryKey, message.data.scheduleSlots);
      client.setQueryData(dealerSettingsQueryOptions().queryKey, message.data.dealerSettings);
      void client.invalidateQueries({ queryKey: orderKeys.all });
      return;
    case 'orders':
      // a shopper's own orders or a member of staff's: each order query reads its own again
      void client.invalidateQueries({ queryKey: orderKeys.all });
      return;
    case 'schedule-slots':
      client.setQueryData(scheduleSlotsQueryOptions().queryKey, message.data);
      return;
    case 'products-updated':
      client.setQueryData(productsQueryOptions().queryKey, message.data);
      return;
    case 'product-created':
    case 'product-updated':
      applyUnder(client, productKeys.all, replaceIn(message.data));
      void client.invalidateQueries({ queryKey: productKeys.newest() });
      return;
    case 'product-deleted':
      applyUnder(client, productKeys.all, removeFrom(message.data.id));
      return;
    case 'featured-products-updated':
      return; // spec §7: ignored, product-updated carries the change
    case 'category-created':
    case 'category-updated':
    case 'category-deleted':
      void client.invalidateQueries({ queryKey: categoryKeys.all });
      if (message.type === 'category-deleted')
        void client.invalidateQueries({ queryKey: productKeys.all });
      return;
    case 'categories-updated':
      client.setQueryData(categoriesQueryOptions().queryKey, message.data);
      return;
    case 'promotion-created':
    case 'promotion-updated':
      applyUnder(client, promotionKeys.all, replaceIn(message.data));
      return;
    case 'promotion-deleted':
      applyUnder(client, promotionKeys.all, removeFrom(message.data.id));
      return;
    case 'schedule-slot-created':
    case 'schedule-slot-updated':
      applyUnder(client, scheduleSlotKeys.all, replaceIn(message.data));
      return;
    case 'schedule-slot-deleted':
      applyUnder(client, scheduleSlotKeys.all, removeFrom(message.data.id));
      return;
    case 'dealer-settings-updated':
      client.setQueryData(dealerSettingsQueryOptions().queryKey, message.data);
      return;
    case 'order-created':
    case 'order-updated':
      applyUnder(client, orderKeys.all, replaceIn(message.data, true));
      // a driver's stops are chosen and ordered by the server: read them again
      void client.invalidateQueries({ queryKey: deliveryKeys.all });
      // what pending orders hold moves with them (read only where the back office shows it)
      void client.invalidateQueries({ queryKey: heldStockKeys.all });
      return;
    case 'order-deleted':
      applyUnder(client, orderKeys.all, removeFrom(message.data.id));
      void client.invalidateQueries({ queryKey: deliveryKeys.all });
      void client.invalidateQueries({ queryKey: heldStockKeys.all });
      return;
    case 'delivery-zone-created':
    case 'delivery-zone-updated':
      applyUnder(client, deliveryZoneKeys.all, replaceIn(message.data));
      return;
    case 'delivery-zone-deleted':
      applyUnder(client, deliveryZoneKeys.all, removeFrom(message.data.id));
      return;
    case 'store-profile-updated':
      client.setQueryData(storeProfileQueryOptions().queryKey, message.data);
      return;
    case 'new-customer-contact':
    case 'contact-message-handled':
      void client.invalidateQueries({ queryKey: contactMessageKeys.all });
      return;
    default:
      return; // chat and acknowledgements are handled by the chat feature
  }
}
