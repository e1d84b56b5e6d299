import type { Product } from '@shared/types';
import { describe, expect, it } from 'vitest';
import {
  emptyProductForm,
  moveItem,
  productFormFrom,
  validateProductForm,
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

describe('validateProductForm (spec §5 product form)', () => {
  it('requires name, category, price and stock', () => {
    const result = validateProductForm(emptyProductForm());
    expect(result.ok).toBe(false);
    if (!result.ok)
      expect(Object.keys(result.errors).sort()).toEqual(['category', 'name', 'price', 'stock']);
  });

  it('refuses negative numbers', () => {
    const result = validateProductForm({ ...flowerForm(), price: '-1', salePrice: '-2' });
    expect(result.ok).toBe(false);
    if (!result.ok)
      expect(result.errors).toMatchObject({
        price: expect.any(String),
        salePrice: expect.any(String),
      });
  });

  it('sends an empty sale price as no sale and weight prices only for flower', () => {
    const flower = validateProductForm(withBasePrice(flowerForm(), '30'));
    expect(flower.ok && flower.body).toMatchObject({
      price: 30,
      salePrice: null,
      priceQuarter: 57,
      priceHalf: 108,
      priceOunce: 192,
      stock: 28,
    });
    const edible = validateProductForm({
      ...emptyProductForm('edibles'),
      name: 'Gummy',
      price: '10',
      salePrice: '8',
      stock: '5',
      priceQuarter: '99',
    });
    expect(edible.ok && edible.body).toMatchObject({ salePrice: 8, priceQuarter: null });
  });

  it('checks flavors: trimmed, not empty, no duplicates, stock at least 0', () => {
    const base = { ...emptyProductForm('concentrates'), name: 'Wax', price: '40' };
    const ok = validateProductForm({
      ...base,
      flavors: [
        { name: ' Mango ', strain: 'Sativa', stock: '3' },
        { name: 'Grape', strain: 'Hybrid', stock: '' },
      ],
    });
    expect(ok.ok && ok.body).toMatchObject({
      flavors: ['Mango', 'Grape'],
      flavorStrains: { Mango: 'Sativa', Grape: 'Hybrid' },
      flavorStocks: { Mango: 3 },
      stock: null,
    });
    const empty = validateProductForm({
      ...base,
      flavors: [{ name: '  ', strain: 'Hybrid', stock: '' }],
    });
    expect(!empty.ok && empty.errors.flavor).toBe('Flavor cannot be empty');
    const dup = validateProductForm({
      ...base,
      flavors: [
        { name: 'Mango', strain: 'Hybrid', stock: '1' },
        { name: 'mango ', strain: 'Hybrid', stock: '1' },
      ],
    });
    expect(!dup.ok && dup.errors.flavor).toMatch(/Duplicate flavor/);
    const negative = validateProductForm({
      ...base,
      flavors: [{ name: 'Lime', strain: 'Hybrid', stock: '-1' }],
    });
    expect(negative.ok).toBe(false);
  });
});

describe('productFormFrom', () => {
  it('round-trips a product through the form', () => {
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
      createdAt: '2026-01-01T00:00:00.000Z',
    };
    const result = validateProductForm(productFormFrom(product));
    expect(result.ok && result.body).toMatchObject({
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
