import type { ServerMessage } from '@shared/events';
import type { Order } from '@shared/schemas/orders';
import type { Product } from '@shared/schemas/products';
import type { ScheduleSlot } from '@shared/schemas/schedule';
import { QueryClient, type QueryKey } from '@tanstack/react-query';
import { type DealerSettings, dealerSettingsQueryOptions } from '@web/api/get-dealer-settings';
import { type DeliveryZone, deliveryZonesQueryOptions } from '@web/api/get-delivery-zones';
import { myOrdersQueryOptions } from '@web/api/get-my-orders';
import { ordersQueryOptions } from '@web/api/get-orders';
import { productQueryOptions } from '@web/api/get-product';
import { productsQueryOptions } from '@web/api/get-products';
import { scheduleSlotsQueryOptions } from '@web/api/get-schedule-slots';
import { describe, expect, it } from 'vitest';
import { applyServerMessage } from './realtime-cache';

const product = (id: number, price: number) => ({ id, name: `P${id}`, price }) as Product;
const slot = (id: number, currentOrders: number) =>
  ({
    id,
    date: '2030-01-07',
    startTime: '9:00 AM',
    endTime: '11:00 AM',
    maxOrders: 5,
    currentOrders,
    notes: null,
  }) as ScheduleSlot;
const order = (id: number) => ({ id, customer: `C${id}`, status: 'pending' }) as Order;

/** A registry holding `list` under `key`: each server message given to it answers what `key` then holds. */
function listFollowing<T>(key: QueryKey, list: T[]) {
  const client = new QueryClient();
  client.setQueryData(key, list);
  return (message: ServerMessage) => {
    applyServerMessage(client, message);
    return client.getQueryData<T[]>(key);
  };
}

describe('socket events land in the registry entries the screens read', () => {
  it('init fills the lists and the settings', () => {
    const client = new QueryClient();
    // the cache keeps what init sends as it is: the other settings do not matter here
    const settings = { id: 1, availableDays: ['Monday'], deliveryHours: '[]' } as DealerSettings;
    applyServerMessage(client, {
      type: 'init',
      data: {
        products: [product(1, 10)],
        categories: [],
        promotions: [],
        orders: [],
        scheduleSlots: [slot(7, 0)],
        dealerSettings: settings,
        sessionId: 's',
      },
    });
    expect(client.getQueryData(productsQueryOptions().queryKey)).toEqual([product(1, 10)]);
    expect(client.getQueryData(scheduleSlotsQueryOptions().queryKey)).toEqual([slot(7, 0)]);
    expect(client.getQueryData(dealerSettingsQueryOptions().queryKey)).toEqual(settings);
  });

  it('a product update reaches the list and the product page alike', () => {
    const client = new QueryClient();
    client.setQueryData(productsQueryOptions().queryKey, [product(1, 10), product(2, 20)]);
    client.setQueryData(productQueryOptions(2).queryKey, product(2, 20));
    applyServerMessage(client, { type: 'product-updated', data: product(2, 25) });
    expect(client.getQueryData(productsQueryOptions().queryKey)).toEqual([
      product(1, 10),
      product(2, 25),
    ]);
    expect(client.getQueryData(productQueryOptions(2).queryKey)).toEqual(product(2, 25));
  });

  it('a slot booked elsewhere updates the one slot list of checkout, dashboard and Schedule Manager', () => {
    const after = listFollowing(scheduleSlotsQueryOptions().queryKey, [slot(7, 0), slot(8, 1)]);
    expect(after({ type: 'schedule-slot-updated', data: slot(7, 1) })).toEqual([
      slot(7, 1),
      slot(8, 1),
    ]);
    expect(after({ type: 'schedule-slot-deleted', data: { id: 8 } })).toEqual([slot(7, 1)]);
  });

  it('a new order goes first in the dealer list, and a deleted one leaves it', () => {
    const client = new QueryClient();
    client.setQueryData(ordersQueryOptions().queryKey, [order(1)]);
    applyServerMessage(client, { type: 'order-created', data: order(2) });
    expect(client.getQueryData(ordersQueryOptions().queryKey)?.map((o) => o.id)).toEqual([2, 1]);
    applyServerMessage(client, { type: 'order-deleted', data: { id: 1 } });
    expect(client.getQueryData(ordersQueryOptions().queryKey)?.map((o) => o.id)).toEqual([2]);
    // a shopper's own list that was never loaded stays unloaded
    expect(client.getQueryData(myOrdersQueryOptions().queryKey)).toBeUndefined();
  });

  it('a zone the dealer adds, changes or deletes reaches the checkout at once', () => {
    const zone = (id: number, fee: number) =>
      ({ id, name: `Z${id}`, postalCodes: [`9411${id}`], fee, minimum: 50 }) as DeliveryZone;
    const after = listFollowing(deliveryZonesQueryOptions().queryKey, [zone(1, 5)]);
    after({ type: 'delivery-zone-created', data: zone(2, 9) });
    expect(after({ type: 'delivery-zone-updated', data: zone(1, 7) })).toEqual([
      zone(1, 7),
      zone(2, 9),
    ]);
    expect(after({ type: 'delivery-zone-deleted', data: { id: 1 } })).toEqual([zone(2, 9)]);
  });
});
