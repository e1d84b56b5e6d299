/**
 * The keys of the back office's lists that the socket bridge keeps current. They live apart
 * from their query options so the bridge, which every shopper's page loads, does not load
 * the dealer's fetchers with them (five more requests on every page).
 */

/**
 * `all` is the dealer's full list and the prefix of every order query (the shopper's own
 * orders included), so the socket's order events and an invalidation after checkout reach both.
 */
export const orderKeys = {
  all: ['orders'] as const,
  mine: ['orders', 'mine'] as const,
};

export const deliveryKeys = { all: ['deliveries'] as const };

export const scheduleSlotKeys = { all: ['schedule-slots'] as const };

export const heldStockKeys = { all: ['inventory', 'held'] as const };

export const contactMessageKeys = { all: ['contact-messages'] as const };

export const deliveryZoneKeys = { all: ['delivery-zones'] as const };
