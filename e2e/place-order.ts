import { type APIRequestContext, expect } from '@playwright/test';
import type { OrderType, QuantityLabel } from '../src/shared/constants';
import { toDollars } from '../src/shared/money';
import { type PriceCartInput, priceCart, toPricingLine, unitPrice } from '../src/shared/pricing';
import type { CartItem, Order } from '../src/shared/schemas/orders';
import type { Product } from '../src/shared/schemas/products';

export async function products(request: APIRequestContext): Promise<Product[]> {
  const response = await request.get('/api/products');
  expect(response.ok()).toBe(true);
  return (await response.json()) as Product[];
}

export async function productNamed(request: APIRequestContext, name: string): Promise<Product> {
  const product = (await products(request)).find((p) => p.name === name);
  if (!product) throw new Error(`demo product ${name} is missing`);
  return product;
}

export interface PlacementTerms extends Pick<PriceCartInput, 'delivery' | 'tax'> {
  address?: string;
  phone?: string;
}

/** Places an order through the API with the total the browser would compute (shared engine). */
export async function placeOrder(
  request: APIRequestContext,
  product: Product,
  customer: string,
  quantity: QuantityLabel = '1',
  count = 1,
  orderType: OrderType = 'pickup',
  {
    address = '1 Ferry Building, San Francisco, CA 94111',
    phone = '555-0188',
    ...terms
  }: PlacementTerms = {},
): Promise<Order> {
  // a product with flavors is bought in one: the one with the most stock
  const flavor = [...product.flavors].sort(
    (a, b) => (product.flavorStocks[b] ?? 0) - (product.flavorStocks[a] ?? 0),
  )[0];
  const items: CartItem[] = [
    {
      id: product.id,
      name: product.name,
      price: unitPrice(product, quantity),
      quantity,
      count,
      ...(flavor ? { flavor } : {}),
    },
  ];
  const pricing = priceCart({
    lines: items.map((item) => toPricingLine(item, product)),
    promotion: null,
    orderType,
    ...terms,
  });
  const response = await request.post('/api/orders/simple', {
    data: {
      customer,
      address: orderType === 'pickup' ? 'PICKUP' : address,
      phone,
      email: 'e2e@example.com',
      items,
      total: toDollars(pricing.totalCents),
      orderType,
      deliveryDate: null,
      deliveryTimeWindow: null,
      deliveryNotes: null,
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as Order;
}
