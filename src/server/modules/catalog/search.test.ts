import { describe, expect, it } from 'vitest';
import { dealerClient } from '../../../../test/catalog-admin';
import { BACKENDS } from '../../../../test/harness';
import { appPerSuite } from '../../../../test/suite';
import type { Product } from '../../../shared/schemas/products';

const PREROLLS = [
  'Classic Joint',
  'Dogwalker 10-Pack',
  'Indica Nightcap Joint',
  'Infused Diamond Joint',
  'Mini Joints 5-Pack',
  'Sativa Sunrise Joint',
];
const GUMMIES = ['Citrus Burst Gummies', 'Sleepy Berry Gummies', 'Sour Watermelon Gummies'];

// The same answers, in the same order, on SQLite and on PostgreSQL
describe.each(BACKENDS)('product search on %s', (dialect) => {
  const t = appPerSuite(dialect);

  const search = async (q: string) => {
    const res = await t.app.inject(`/api/products/search?q=${encodeURIComponent(q)}`);
    expect(res.statusCode).toBe(200);
    return res.json<Product[]>();
  };
  const names = async (q: string) => (await search(q)).map((p) => p.name);

  it('finds the prerolls however "pre-roll" is written', async () => {
    const answers = await Promise.all(['pre roll', 'pre-roll', 'prerolls', 'Pre-Rolls'].map(names));
    for (const answer of answers) expect([...answer].sort()).toEqual(PREROLLS);
    expect(answers[0]).toEqual(answers[1]);
  });

  it('lists the chocolates before Bubba Kush for "choc"', async () => {
    expect(await names('choc')).toEqual([
      'Dark Chocolate Bar',
      'Milk Chocolate Bites',
      'Sea Salt Caramels',
      'Bubba Kush',
    ]);
  });

  it('forgives one typo and plurals: "gumy" and "gummy" find the gummies first', async () => {
    for (const q of ['gumy', 'gummy', 'gummies']) {
      expect((await names(q)).slice(0, 3)).toEqual(GUMMIES);
    }
  });

  it('finds a flavor: "blue razz" is the Live Resin Cart', async () => {
    expect(await names('blue razz')).toEqual(['Live Resin Cart']);
  });

  it('ranks name matches before category matches ("kush", "indica")', async () => {
    expect(await names('kush')).toEqual(['Bubba Kush', 'OG Kush', 'Disposable Vape Pen']);
    expect((await names('indica')).slice(0, 2)).toEqual([
      'Indica Nightcap Joint',
      'Mini Joints 5-Pack',
    ]);
  });

  it('answers products with what their sold-out and sale marks need', async () => {
    const [diamond] = await search('infused diamond');
    expect(diamond).toMatchObject({ name: 'Infused Diamond Joint', stock: 0 });
    const [distillate] = await search('distillate');
    expect(distillate).toMatchObject({ name: 'Distillate Cart', price: 30, salePrice: 25 });
  });

  it('answers nothing for an empty query or no match, and refuses an overlong one', async () => {
    expect(await names('')).toEqual([]);
    expect(await names('zzqx')).toEqual([]);
    const long = await t.app.inject(`/api/products/search?q=${'a'.repeat(201)}`);
    expect(long.statusCode).toBe(400);
  });

  it('finds a product by its new name once the dealer renames it', async () => {
    const { send } = await dealerClient(t);
    const [bar] = await search('dark chocolate bar');
    expect(await names('midnight truffle')).toEqual([]);
    const res = await send('PATCH', `/api/products/${bar!.id}`, { name: 'Midnight Truffle Bar' });
    expect(res.statusCode).toBe(200);
    expect(await names('midnight truffle')).toEqual(['Midnight Truffle Bar']);
  });
});
