import { type Product, type ProductFields, productSchema } from '@shared/schemas/products';
import { describe, expect, it } from 'vitest';
import { NO_FACTS } from '../../../shared/product-facts';
import {
  emptyProductForm,
  moveItem,
  type ProductFormValues,
  productBodyFrom,
  productFormFrom,
  productFormResolver,
  withBasePrice,
} from './product-form';

const flowerForm = () => ({ ...emptyProductForm('flower'), name: 'Test Kush', stock: '28' });

describe('withBasePrice (spec §5: 1.9 / 3.6 / 6.4 x the 1/8 price)', () => {
  it('fills the empty weight prices of flower, rounded to cents', () => {
    const next = withBasePrice(flowerForm(), '33.33');
    expect(next).toMatchObject({
      price: '33.33',
      priceQuarter: '63.33',
      priceHalf: '119.99',
      priceOunce: '213.31',
    });
  });

  it('keeps following the base while the values are the auto-filled ones', () => {
    const typed = withBasePrice(withBasePrice(flowerForm(), '3'), '35');
    expect(typed).toMatchObject({
      priceQuarter: '66.50',
      priceHalf: '126.00',
      priceOunce: '224.00',
    });
  });

  it('fills when the others are 0 and leaves hand-set prices alone', () => {
    const zeros = { ...flowerForm(), priceQuarter: '0', priceHalf: '0', priceOunce: '0' };
    expect(withBasePrice(zeros, '10').priceOunce).toBe('64.00');
    const manual = {
      ...flowerForm(),
      price: '10',
      priceQuarter: '20',
      priceHalf: '',
      priceOunce: '',
    };
    expect(withBasePrice(manual, '12')).toMatchObject({
      priceQuarter: '20',
      priceHalf: '',
      priceOunce: '',
    });
  });

  it('does nothing for products sold per unit', () => {
    const next = withBasePrice({ ...emptyProductForm('edibles'), name: 'Gummy' }, '10');
    expect(next.priceQuarter).toBe('');
  });
});

/** What the form says about `values`: the body it would send, or the message under each field. */
async function judge(values: ProductFormValues) {
  const result = await productFormResolver(values, undefined, {
    fields: {},
    shouldUseNativeValidation: false,
  });
  const errors = Object.fromEntries(
    Object.entries(result.errors).map(([field, error]) => [field, error?.message]),
  );
  return {
    body: Object.keys(errors).length === 0 ? (result.values as ProductFields) : null,
    errors,
  };
}

describe('the product form judged by the shared product schema (spec §5 product form)', () => {
  it('requires name, category, price and stock, each said under its field', async () => {
    const { body, errors } = await judge(emptyProductForm());
    expect(body).toBeNull();
    expect(errors).toEqual({
      name: 'Name is required',
      category: 'Category is required',
      price: 'Price is required',
      stock: 'Stock is required unless the product has flavors',
    });
  });

  it('refuses negative numbers', async () => {
    const { errors } = await judge({ ...flowerForm(), price: '-1', salePrice: '-2' });
    expect(errors).toEqual({
      price: 'Price must be at least 0',
      salePrice: 'Sale price must be at least 0',
    });
  });

  it('agrees with the server on stock: flower in 0.5 g steps, everything else in whole units', async () => {
    expect((await judge({ ...flowerForm(), price: '30', stock: '10.3' })).errors).toEqual({
      stock: 'Stock must be a multiple of 0.5 grams',
    });
    expect((await judge({ ...flowerForm(), price: '30', stock: '10.5' })).body).toMatchObject({
      stock: 10.5,
    });
    const gummies = { ...emptyProductForm('edibles'), name: 'Gummy', price: '10' };
    expect((await judge({ ...gummies, stock: '2.5' })).errors).toEqual({
      stock: 'Stock must be a whole number',
    });
    // the server refuses exactly what the form refuses
    for (const stock of ['10.3', '10.5', '2.5', '3']) {
      const values = { ...gummies, stock };
      const server = productSchema.safeParse(productBodyFrom(values)).success;
      expect((await judge(values)).body !== null).toBe(server);
    }
  });

  it('sends an empty sale price as no sale and weight prices only for flower', async () => {
    const flower = await judge(withBasePrice(flowerForm(), '30'));
    expect(flower.body).toMatchObject({
      price: 30,
      salePrice: null,
      priceQuarter: 57,
      priceHalf: 108,
      priceOunce: 192,
      stock: 28,
    });
    const edible = await judge({
      ...emptyProductForm('edibles'),
      name: 'Gummy',
      price: '10',
      salePrice: '8',
      stock: '5',
      priceQuarter: '99',
    });
    expect(edible.body).toMatchObject({ salePrice: 8, priceQuarter: null });
  });

  it('checks flavors: trimmed, not empty, no duplicates, stock at least 0 in whole units', async () => {
    const base = { ...emptyProductForm('concentrates'), name: 'Wax', price: '40' };
    const ok = await judge({
      ...base,
      flavors: [
        { name: ' Mango ', strain: 'Sativa', stock: '3' },
        { name: 'Grape', strain: 'Hybrid', stock: '' },
      ],
    });
    expect(ok.body).toMatchObject({
      flavors: ['Mango', 'Grape'],
      flavorStrains: { Mango: 'Sativa', Grape: 'Hybrid' },
      flavorStocks: { Mango: 3 },
      stock: 3,
    });
    const empty = await judge({ ...base, flavors: [{ name: '  ', strain: 'Hybrid', stock: '' }] });
    expect(empty.errors.flavors).toBe('Flavor cannot be empty');
    const dup = await judge({
      ...base,
      flavors: [
        { name: 'Mango', strain: 'Hybrid', stock: '1' },
        { name: 'mango ', strain: 'Hybrid', stock: '1' },
      ],
    });
    expect(dup.errors.flavors).toBe('Duplicate flavor: mango');
    const negative = await judge({
      ...base,
      flavors: [{ name: 'Lime', strain: 'Hybrid', stock: '-1' }],
    });
    expect(negative.errors.flavors).toBe('Stock of Lime must be at least 0');
    const half = await judge({
      ...base,
      flavors: [{ name: 'Lime', strain: 'Hybrid', stock: '1.5' }],
    });
    expect(half.errors.flavors).toBe('Stock of Lime must be a whole number');
  });
});

describe('productFormFrom', () => {
  it('round-trips a product through the form', async () => {
    const product: Product = {
      id: 1,
      name: 'Blue Dream',
      category: 'flower',
      subcategory: 'top-shelf',
      description: 'Berry',
      price: 45,
      salePrice: null,
      priceQuarter: null,
      salePriceQuarter: null,
      priceHalf: 160,
      salePriceHalf: 150,
      priceOunce: null,
      salePriceOunce: null,
      featured: true,
      media: ['/media/a.webp'],
      stock: 112,
      strain: 'Hybrid',
      strainTypes: ['Sativa', 'Indica'],
      flavors: [],
      flavorStrains: {},
      flavorStocks: {},
      cannabisGrams: 0,
      concentrateGrams: 0,
      cannabis: true,
      ...NO_FACTS,
      createdAt: '2026-01-01T00:00:00.000Z',
    };
    expect((await judge(productFormFrom(product))).body).toMatchObject({
      name: 'Blue Dream',
      subcategory: 'top-shelf',
      priceHalf: 160,
      salePriceHalf: 150,
      priceQuarter: null,
      featured: true,
      media: ['/media/a.webp'],
      stock: 112,
      strainTypes: ['Sativa', 'Indica'],
    });
  });
});

it('moveItem moves one entry and ignores moves past the ends', () => {
  expect(moveItem(['a', 'b', 'c'], 2, -1)).toEqual(['a', 'c', 'b']);
  expect(moveItem(['a', 'b', 'c'], 0, -1)).toEqual(['a', 'b', 'c']);
});
