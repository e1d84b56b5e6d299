/**
 * The socket notifies, the cache updates: every server event becomes a
 * `setQueryData` (replace or remove by id) or an invalidation, so there is one
 * copy of server state, the TanStack Query cache.
 */
import type { ServerMessage } from '@shared/events';
import type { QueryClient } from '@tanstack/react-query';

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

/** Applies a change to every cached query under `root`: lists by id, single items by id. */
function applyUnder(client: QueryClient, root: string, change: (value: unknown) => unknown) {
  for (const query of client.getQueryCache().findAll({ queryKey: [root] })) {
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
      client.setQueryData(['products'], message.data.products);
      client.setQueryData(['categories'], message.data.categories);
      client.setQueryData(['promotions'], message.data.promotions);
      client.setQueryData(['schedule-slots'], message.data.scheduleSlots);
      client.setQueryData(['dealer-settings'], message.data.dealerSettings);
      void client.invalidateQueries({ queryKey: ['orders'] });
      return;
    case 'products-updated':
      client.setQueryData(['products'], message.data);
      return;
    case 'product-created':
    case 'product-updated':
      applyUnder(client, 'products', replaceIn(message.data));
      void client.invalidateQueries({ queryKey: ['products', 'newest'] });
      return;
    case 'product-deleted':
      applyUnder(client, 'products', removeFrom(message.data.id));
      return;
    case 'featured-products-updated':
      return; // spec §7: ignored, product-updated carries the change
    case 'category-created':
    case 'category-updated':
    case 'category-deleted':
      void client.invalidateQueries({ queryKey: ['categories'] });
      if (message.type === 'category-deleted')
        void client.invalidateQueries({ queryKey: ['products'] });
      return;
    case 'categories-updated':
      client.setQueryData(['categories'], message.data);
      return;
    case 'promotion-created':
    case 'promotion-updated':
      applyUnder(client, 'promotions', replaceIn(message.data));
      return;
    case 'promotion-deleted':
      applyUnder(client, 'promotions', removeFrom(message.data.id));
      return;
    case 'schedule-slot-created':
    case 'schedule-slot-updated':
      applyUnder(client, 'schedule-slots', replaceIn(message.data));
      return;
    case 'schedule-slot-deleted':
      applyUnder(client, 'schedule-slots', removeFrom(message.data.id));
      return;
    case 'dealer-settings-updated':
      client.setQueryData(['dealer-settings'], message.data);
      return;
    case 'order-created':
    case 'order-updated':
      applyUnder(client, 'orders', replaceIn(message.data, true));
      return;
    case 'order-deleted':
      applyUnder(client, 'orders', removeFrom(message.data.id));
      return;
    default:
      return; // chat and acknowledgements are handled by the chat feature
  }
}
