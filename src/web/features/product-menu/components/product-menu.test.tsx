// @vitest-environment happy-dom
import type { Category } from '@shared/schemas/categories';
import type { Product } from '@shared/schemas/products';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { categoryKeys } from '@web/api/get-categories';
import { productKeys } from '@web/api/get-products';
import SearchDialog from '@web/features/search/components/search-dialog';
import { describe, expect, it } from 'vitest';
import '../../../../../test/render';
import { aTopShelfFlower } from '../../../../../test/product-fixture';
import ProductMenu from './product-menu';

const flower: Product = aTopShelfFlower();
const products: Product[] = [
  flower,
  { ...flower, id: 2, name: 'OG Kush', stock: 0 },
  { ...flower, id: 3, name: 'Gelato #41', price: 55, salePrice: 48 },
  { ...flower, id: 4, name: 'Girl Scout Cookies', priceOunce: 320, salePriceOunce: 280 },
];
const categories = [
  { id: 1, name: 'Flower', slug: 'flower', parentId: null, sortOrder: 1 },
] as Category[];

/** A cache that already holds the catalog: nothing is fetched. */
function catalogCache() {
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity } } });
  client.setQueryData(productKeys.all, products);
  client.setQueryData(categoryKeys.all, categories);
  return client;
}

function renderMenu() {
  const client = catalogCache();
  render(
    <QueryClientProvider client={client}>
      <ProductMenu open onClose={() => {}} onOpenProduct={() => {}} />
    </QueryClientProvider>,
  );
  const menu = screen.getByRole('dialog');
  return (name: string) => within(menu).getByRole('link', { name: new RegExp(`^${name}`) });
}

describe('sold-out and on-sale products in the Product Menu', () => {
  it('marks a sold-out product SOLD OUT', () => {
    const row = renderMenu();
    expect(within(row('OG Kush')).getByText('SOLD OUT')).toBeTruthy();
    expect(within(row('Blue Dream')).queryByText('SOLD OUT')).toBeNull();
  });

  it('marks a sale and strikes the old prices through', () => {
    const row = renderMenu();
    const gelato = row('Gelato #41');
    expect(within(gelato).getByText('ON SALE')).toBeTruthy();
    const struck = gelato.querySelectorAll('s');
    expect(Array.from(struck, (s) => s.textContent)).toEqual([
      'was $55.00',
      'was $104.50',
      'was $198.00',
      'was $352.00',
    ]);
    expect(within(gelato).getByTestId('menu-price').textContent).toContain('1/8 $48.00 was $55.00');
    expect(within(row('Blue Dream')).queryByText(/on sale/i)).toBeNull();
    expect(row('Blue Dream').querySelectorAll('s')).toHaveLength(0);
  });

  it('names the one size on sale', () => {
    const cookies = renderMenu()('Girl Scout Cookies');
    expect(within(cookies).getByText('1 Oz on sale')).toBeTruthy();
    expect(Array.from(cookies.querySelectorAll('s'), (s) => s.textContent)).toEqual([
      'was $320.00',
    ]);
  });
});

describe('sold-out and on-sale products in search', () => {
  it('shows the same marks on the results', async () => {
    const user = userEvent.setup();
    render(
      <QueryClientProvider client={catalogCache()}>
        <SearchDialog open onClose={() => {}} onOpenProduct={() => {}} products={products} />
      </QueryClientProvider>,
    );
    const input = screen.getByLabelText('Search products');
    const result = async (name: string) => {
      await user.clear(input);
      await user.type(input, name);
      return screen.getByRole('link', { name: new RegExp(`^${name}`) });
    };
    expect(within(await result('OG Kush')).getByText('SOLD OUT')).toBeTruthy();
    const gelato = await result('Gelato #41');
    expect(within(gelato).getByText('ON SALE')).toBeTruthy();
    expect(within(gelato).getByText('$55.00').closest('.line-through')).toBeTruthy();
    expect(within(await result('Girl Scout Cookies')).getByText('1 Oz on sale')).toBeTruthy();
    expect(within(await result('Blue Dream')).queryByText(/SOLD OUT|on sale/i)).toBeNull();
  });
});
