import type { Insertable } from 'kysely';
import { WEEKDAYS } from '../../../shared/constants';
import { toCents } from '../../../shared/money';
import { WEEKDAY_NAMES } from '../../../shared/reports';
import { linkPromotionCategories, productColumns } from '../category-references';
import type { Db } from '../connect';
import { countRows } from '../count-rows';
import { nowIso } from '../json';
import type { PromotionsTable } from '../schema';
import { demoFactColumns } from './demo-facts';
import { writeDemoImage } from './demo-images';

type Strain = 'none' | 'Sativa' | 'Indica' | 'Hybrid';

interface DemoProduct {
  name: string;
  category: string;
  subcategory: string | null;
  strain: Strain;
  price: number;
  salePrice?: number;
  tiers?: { quarter?: number; half?: number; ounce?: number; saleOunce?: number };
  stock: number;
  featured?: boolean;
  /** days since it arrived; under 21 shows it in Newest Arrivals */
  ageDays: number;
  description: string;
  strainTypes?: string[];
  flavors?: Record<string, { strain: Strain; stock: number }>;
}

const CATEGORIES = [
  {
    slug: 'flower',
    name: 'Flower',
    sortOrder: 1,
    description: 'Hand-trimmed buds, sold by weight.',
  },
  { slug: 'prerolls', name: 'Prerolls', sortOrder: 2, description: 'Ready to light.' },
  {
    slug: 'concentrates',
    name: 'Concentrates',
    sortOrder: 3,
    description: 'Vapes, wax and live resin.',
  },
  {
    slug: 'edibles',
    name: 'Edibles',
    sortOrder: 4,
    description: 'Gummies, chocolates and drinks.',
  },
  {
    slug: 'accessories',
    name: 'Accessories',
    sortOrder: 5,
    description: 'Papers, grinders and more.',
  },
];

/** Every demo product is cannabis except the accessories (no excise, no limit). */
const NON_CANNABIS_CATEGORIES = new Set(['accessories']);
const SUBCATEGORIES: Record<string, { slug: string; name: string }[]> = {
  flower: [
    { slug: 'top-shelf', name: 'Top Shelf' },
    { slug: 'indoor', name: 'Indoor' },
    { slug: 'greenhouse', name: 'Greenhouse' },
  ],
  prerolls: [
    { slug: 'singles', name: 'Singles' },
    { slug: 'multi-packs', name: 'Multi Packs' },
  ],
  concentrates: [
    { slug: 'vape-carts', name: 'Vape Carts' },
    { slug: 'live-resin', name: 'Live Resin' },
  ],
  edibles: [
    { slug: 'gummies', name: 'Gummies' },
    { slug: 'chocolates', name: 'Chocolates' },
  ],
  accessories: [],
};

/**
 * What one unit of each non-flower product counts toward the daily purchase limits:
 * prerolls their flower, vapes and extracts their concentrate, edibles and tinctures their THC
 * (as concentrate). Flower by weight counts its size; accessories count nothing.
 */
const LIMIT_GRAMS: Record<string, { cannabis?: number; concentrate?: number }> = {
  'Classic Joint': { cannabis: 1 },
  'Sativa Sunrise Joint': { cannabis: 1 },
  'Indica Nightcap Joint': { cannabis: 1 },
  'Infused Diamond Joint': { cannabis: 1, concentrate: 0.3 },
  'Mini Joints 5-Pack': { cannabis: 2.5 },
  'Dogwalker 10-Pack': { cannabis: 3.5 },
  'Live Resin Cart': { concentrate: 1 },
  'Distillate Cart': { concentrate: 1 },
  'Disposable Vape Pen': { concentrate: 0.5 },
  'Live Resin Sauce': { concentrate: 1 },
  Badder: { concentrate: 1 },
  'Rosin Jam': { concentrate: 1 },
  Shatter: { concentrate: 1 },
  'Sour Watermelon Gummies': { concentrate: 0.1 },
  'Sleepy Berry Gummies': { concentrate: 0.1 },
  'Citrus Burst Gummies': { concentrate: 0.1 },
  'Micro-dose Mints': { concentrate: 0.1 },
  'Dark Chocolate Bar': { concentrate: 0.1 },
  'Milk Chocolate Bites': { concentrate: 0.1 },
  'Sea Salt Caramels': { concentrate: 0.1 },
  'Cold Brew Tincture': { concentrate: 0.3 },
};

const flower = (p: Omit<DemoProduct, 'category'>): DemoProduct => ({ ...p, category: 'flower' });

const PRODUCTS: DemoProduct[] = [
  flower({
    name: 'Blue Dream',
    subcategory: 'top-shelf',
    strain: 'Hybrid',
    price: 45,
    stock: 112,
    featured: true,
    ageDays: 40,
    description: 'Sweet berry aroma with a calm, clear-headed lift. A classic for a reason.',
  }),
  flower({
    name: 'Gelato #41',
    subcategory: 'top-shelf',
    strain: 'Hybrid',
    price: 55,
    salePrice: 48,
    stock: 84,
    featured: true,
    ageDays: 5,
    description: 'Dense, frosty buds with creamy citrus and lavender notes.',
  }),
  flower({
    name: 'Wedding Cake',
    subcategory: 'top-shelf',
    strain: 'Indica',
    price: 50,
    tiers: { ounce: 300 },
    stock: 140,
    ageDays: 60,
    description: 'Vanilla and pepper on the nose; heavy, relaxing finish.',
  }),
  flower({
    name: 'Sour Diesel',
    subcategory: 'indoor',
    strain: 'Sativa',
    price: 40,
    stock: 98,
    featured: true,
    ageDays: 33,
    description: 'Pungent fuel aroma and an energising, talkative high.',
  }),
  flower({
    name: 'Granddaddy Purple',
    subcategory: 'indoor',
    strain: 'Indica',
    price: 38,
    salePrice: 32,
    stock: 70,
    ageDays: 12,
    description: 'Grape and berry flavour with deep purple hues. Made for the couch.',
  }),
  flower({
    name: 'Jack Herer',
    subcategory: 'indoor',
    strain: 'Sativa',
    price: 42,
    stock: 10,
    ageDays: 80,
    description: 'Spicy pine and a bright, focused head. Only a little left.',
  }),
  flower({
    name: 'OG Kush',
    subcategory: 'indoor',
    strain: 'Hybrid',
    price: 40,
    stock: 0,
    ageDays: 90,
    description: 'Earthy, woody and citrus; the backbone of West Coast cannabis.',
  }),
  flower({
    name: 'Northern Lights',
    subcategory: 'indoor',
    strain: 'Indica',
    price: 35,
    stock: 126,
    ageDays: 3,
    description: 'Resinous, sweet and spicy. Smooth smoke and an easy evening.',
  }),
  flower({
    name: 'Green Crack',
    subcategory: 'greenhouse',
    strain: 'Sativa',
    price: 30,
    salePrice: 25,
    stock: 150,
    ageDays: 18,
    description: 'Mango-citrus flavour with a sharp burst of daytime energy.',
  }),
  flower({
    name: 'Pineapple Express',
    subcategory: 'greenhouse',
    strain: 'Hybrid',
    price: 32,
    stock: 56,
    featured: true,
    ageDays: 25,
    description: 'Tropical pineapple and cedar. Upbeat and creative.',
  }),
  flower({
    name: 'Durban Poison',
    subcategory: 'greenhouse',
    strain: 'Sativa',
    price: 28,
    stock: 0,
    ageDays: 45,
    description: 'Pure African sativa with sweet anise notes.',
  }),
  flower({
    name: 'Bubba Kush',
    subcategory: 'greenhouse',
    strain: 'Indica',
    price: 27,
    stock: 84,
    ageDays: 50,
    description: 'Coffee and chocolate hints with a tranquil body feel.',
  }),
  flower({
    name: 'Girl Scout Cookies',
    subcategory: 'top-shelf',
    strain: 'Hybrid',
    price: 52,
    tiers: { quarter: 95, half: 180, ounce: 320, saleOunce: 280 },
    stock: 200,
    ageDays: 8,
    description: 'Sweet and earthy with mint undertones. Our best ounce deal.',
  }),
  flower({
    name: 'Strawberry Cough',
    subcategory: 'indoor',
    strain: 'Sativa',
    price: 44,
    stock: 42,
    ageDays: 70,
    description: 'Fresh strawberry flavour; uplifting and social.',
  }),
  flower({
    name: 'Purple Punch',
    subcategory: 'indoor',
    strain: 'Indica',
    price: 46,
    stock: 63,
    ageDays: 2,
    description: 'Grape candy and blueberry muffin; dessert in a jar.',
  }),
  flower({
    name: 'House Shake',
    subcategory: 'greenhouse',
    strain: 'Hybrid',
    price: 15,
    stock: 300,
    ageDays: 100,
    description: 'Budget-friendly mixed shake, great for rolling.',
  }),
  {
    name: 'Classic Joint',
    category: 'prerolls',
    subcategory: 'singles',
    strain: 'Hybrid',
    price: 8,
    stock: 120,
    ageDays: 30,
    description: 'One gram of top-shelf hybrid flower, hand-rolled.',
  },
  {
    name: 'Sativa Sunrise Joint',
    category: 'prerolls',
    subcategory: 'singles',
    strain: 'Sativa',
    price: 9,
    stock: 75,
    featured: true,
    ageDays: 6,
    description: 'Bright, citrusy sativa for daytime.',
  },
  {
    name: 'Indica Nightcap Joint',
    category: 'prerolls',
    subcategory: 'singles',
    strain: 'Indica',
    price: 9,
    salePrice: 7,
    stock: 60,
    ageDays: 44,
    description: 'A heavy indica to end the day.',
  },
  {
    name: 'Infused Diamond Joint',
    category: 'prerolls',
    subcategory: 'singles',
    strain: 'Hybrid',
    price: 18,
    stock: 0,
    ageDays: 52,
    description: 'Flower rolled with THC diamonds and kief.',
  },
  {
    name: 'Mini Joints 5-Pack',
    category: 'prerolls',
    subcategory: 'multi-packs',
    strain: 'Hybrid',
    price: 25,
    stock: 40,
    ageDays: 15,
    description: 'Five half-gram joints, perfect for sharing.',
    strainTypes: ['Sativa', 'Indica', 'Hybrid'],
  },
  {
    name: 'Dogwalker 10-Pack',
    category: 'prerolls',
    subcategory: 'multi-packs',
    strain: 'Indica',
    price: 40,
    stock: 22,
    ageDays: 65,
    description: 'Ten skinny 0.35 g prerolls.',
  },
  {
    name: 'Live Resin Cart',
    category: 'concentrates',
    subcategory: 'vape-carts',
    strain: 'Hybrid',
    price: 45,
    stock: 0,
    featured: true,
    ageDays: 9,
    description: 'Full-spectrum live resin in a 1 g cartridge.',
    flavors: {
      'Blue Razz': { strain: 'Hybrid', stock: 12 },
      'Mango Haze': { strain: 'Sativa', stock: 8 },
      'Grape Ape': { strain: 'Indica', stock: 0 },
    },
  },
  {
    name: 'Distillate Cart',
    category: 'concentrates',
    subcategory: 'vape-carts',
    strain: 'none',
    price: 30,
    salePrice: 25,
    stock: 0,
    ageDays: 35,
    description: 'Clean distillate with natural terpenes, 1 g.',
    flavors: {
      Watermelon: { strain: 'Hybrid', stock: 20 },
      'Lemon OG': { strain: 'Sativa', stock: 15 },
    },
  },
  {
    name: 'Disposable Vape Pen',
    category: 'concentrates',
    subcategory: 'vape-carts',
    strain: 'none',
    price: 35,
    stock: 0,
    ageDays: 20,
    description: 'Rechargeable all-in-one pen, 0.5 g.',
    flavors: {
      'Strawberry Kiwi': { strain: 'Hybrid', stock: 10 },
      'Blueberry Kush': { strain: 'Indica', stock: 6 },
    },
  },
  {
    name: 'Live Resin Sauce',
    category: 'concentrates',
    subcategory: 'live-resin',
    strain: 'Sativa',
    price: 50,
    stock: 14,
    ageDays: 75,
    description: 'Terpene-rich sauce from fresh-frozen flower.',
  },
  {
    name: 'Badder',
    category: 'concentrates',
    subcategory: 'live-resin',
    strain: 'Indica',
    price: 40,
    stock: 18,
    ageDays: 11,
    description: 'Whipped, creamy texture that is easy to dab.',
  },
  {
    name: 'Rosin Jam',
    category: 'concentrates',
    subcategory: 'live-resin',
    strain: 'Hybrid',
    price: 65,
    stock: 3,
    ageDays: 85,
    description: 'Solventless cold-cure rosin. Small batch.',
  },
  {
    name: 'Shatter',
    category: 'concentrates',
    subcategory: 'live-resin',
    strain: 'Hybrid',
    price: 25,
    stock: 30,
    ageDays: 95,
    description: 'Glass-like, stable and potent.',
  },
  {
    name: 'Sour Watermelon Gummies',
    category: 'edibles',
    subcategory: 'gummies',
    strain: 'Hybrid',
    price: 20,
    stock: 50,
    featured: true,
    ageDays: 4,
    description: '10 pieces, 10 mg each. Sweet, sour, reliable.',
  },
  {
    name: 'Sleepy Berry Gummies',
    category: 'edibles',
    subcategory: 'gummies',
    strain: 'Indica',
    price: 22,
    salePrice: 18,
    stock: 36,
    ageDays: 28,
    description: 'THC with CBN for a full night of sleep.',
  },
  {
    name: 'Citrus Burst Gummies',
    category: 'edibles',
    subcategory: 'gummies',
    strain: 'Sativa',
    price: 20,
    stock: 0,
    ageDays: 58,
    description: 'Orange and lemon gummies for daytime.',
  },
  {
    name: 'Micro-dose Mints',
    category: 'edibles',
    subcategory: 'gummies',
    strain: 'none',
    price: 15,
    stock: 80,
    ageDays: 40,
    description: '40 mints, 2.5 mg each, for a gentle lift.',
  },
  {
    name: 'Dark Chocolate Bar',
    category: 'edibles',
    subcategory: 'chocolates',
    strain: 'Hybrid',
    price: 25,
    stock: 24,
    ageDays: 19,
    description: '72% dark chocolate, 100 mg in 20 squares.',
  },
  {
    name: 'Milk Chocolate Bites',
    category: 'edibles',
    subcategory: 'chocolates',
    strain: 'Indica',
    price: 18,
    stock: 4,
    ageDays: 66,
    description: 'Creamy bites, 5 mg each.',
  },
  {
    name: 'Sea Salt Caramels',
    category: 'edibles',
    subcategory: 'chocolates',
    strain: 'none',
    price: 24,
    stock: 30,
    ageDays: 1,
    description: 'Chewy caramels with flaky sea salt, 10 mg each.',
  },
  {
    name: 'Cold Brew Tincture',
    category: 'edibles',
    subcategory: null,
    strain: 'Sativa',
    price: 30,
    stock: 12,
    ageDays: 110,
    description: 'Coffee-flavoured tincture, 300 mg per bottle.',
  },
  {
    name: 'Rolling Papers',
    category: 'accessories',
    subcategory: null,
    strain: 'none',
    price: 3,
    stock: 200,
    ageDays: 120,
    description: 'Unbleached king-size papers with tips.',
  },
  {
    name: 'Herb Grinder',
    category: 'accessories',
    subcategory: null,
    strain: 'none',
    price: 20,
    salePrice: 15,
    stock: 25,
    ageDays: 14,
    description: 'Four-piece aluminium grinder with kief catcher.',
  },
  {
    name: 'Glass Pipe',
    category: 'accessories',
    subcategory: null,
    strain: 'none',
    price: 30,
    stock: 8,
    ageDays: 55,
    description: 'Hand-blown borosilicate spoon pipe.',
  },
  {
    name: 'Smell-Proof Pouch',
    category: 'accessories',
    subcategory: null,
    strain: 'none',
    price: 12,
    stock: 0,
    ageDays: 48,
    description: 'Carbon-lined pouch that keeps it discreet.',
  },
  {
    name: 'Pocket Lighter',
    category: 'accessories',
    subcategory: null,
    strain: 'none',
    price: 2,
    stock: 80,
    ageDays: 90,
    description: 'Refillable pocket lighter with a child-resistant wheel, assorted colours.',
  },
  {
    name: 'Hemp Wick',
    category: 'accessories',
    subcategory: null,
    strain: 'none',
    price: 5,
    stock: 60,
    ageDays: 7,
    description: 'Beeswax-coated hemp wick, 200 ft.',
  },
];

const HUES: Record<string, number> = { Sativa: 35, Indica: 270, Hybrid: 140, none: 200 };

/** Loads the demo catalog into an empty database (no products yet). */
export async function seedDemoCatalogIfEmpty(
  db: Db,
  mediaDir: string,
  now = new Date(),
): Promise<boolean> {
  if ((await countRows(db.kysely.selectFrom('products'))) > 0) return false;

  const images = await Promise.all(
    PRODUCTS.map((p, index) =>
      writeDemoImage(
        mediaDir,
        `demo-${index + 1}`,
        p.category,
        (HUES[p.strain] + index * 17) % 360,
      ),
    ),
  );

  const facts = await Promise.all(
    PRODUCTS.map((p, index) => demoFactColumns(mediaDir, p.name, index)),
  );

  await db.kysely.transaction().execute(async (trx) => {
    for (const category of CATEGORIES) {
      const { id } = await trx
        .insertInto('categories')
        .values({
          name: category.name,
          slug: category.slug,
          parent_id: null,
          description: category.description,
          sort_order: category.sortOrder,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const subcategories = SUBCATEGORIES[category.slug] ?? [];
      for (const [index, sub] of subcategories.entries()) {
        await trx
          .insertInto('categories')
          .values({
            name: sub.name,
            slug: sub.slug,
            parent_id: id,
            description: null,
            sort_order: index + 1,
          })
          .execute();
      }
    }

    const rows = PRODUCTS.map((p, index) => ({
      name: p.name,
      category: p.category,
      subcategory: p.subcategory,
      description: p.description,
      price_cents: toCents(p.price),
      sale_price_cents: p.salePrice === undefined ? null : toCents(p.salePrice),
      price_quarter_cents: p.tiers?.quarter === undefined ? null : toCents(p.tiers.quarter),
      sale_price_quarter_cents: null,
      price_half_cents: p.tiers?.half === undefined ? null : toCents(p.tiers.half),
      sale_price_half_cents: null,
      price_ounce_cents: p.tiers?.ounce === undefined ? null : toCents(p.tiers.ounce),
      sale_price_ounce_cents: p.tiers?.saleOunce === undefined ? null : toCents(p.tiers.saleOunce),
      featured: p.featured ? 1 : 0,
      media: JSON.stringify([images[index]]),
      stock: p.flavors ? Object.values(p.flavors).reduce((sum, f) => sum + f.stock, 0) : p.stock,
      strain: p.strain,
      strain_types: JSON.stringify(p.strainTypes ?? []),
      flavors: JSON.stringify(Object.keys(p.flavors ?? {})),
      flavor_strains: JSON.stringify(
        Object.fromEntries(Object.entries(p.flavors ?? {}).map(([f, v]) => [f, v.strain])),
      ),
      flavor_stocks: JSON.stringify(
        Object.fromEntries(Object.entries(p.flavors ?? {}).map(([f, v]) => [f, v.stock])),
      ),
      cannabis_grams: LIMIT_GRAMS[p.name]?.cannabis ?? 0,
      concentrate_grams: LIMIT_GRAMS[p.name]?.concentrate ?? 0,
      cannabis: NON_CANNABIS_CATEGORIES.has(p.category) ? 0 : 1,
      ...facts[index],
      created_at: new Date(now.getTime() - p.ageDays * 86_400_000).toISOString(),
    }));
    await trx
      .insertInto('products')
      .values(rows.map((row) => productColumns(trx, row)))
      .execute();

    const freebie = await trx
      .selectFrom('products')
      .select('id')
      .where('name', '=', 'Classic Joint')
      .executeTakeFirstOrThrow();
    const allDays = JSON.stringify(WEEKDAYS);
    const promotions: (Insertable<PromotionsTable> & { categories: string[] })[] = [
      {
        title: '10% Off Your Order',
        description: 'New here? Take 10% off everything with code WELCOME10.',
        active: 1,
        color: 'rainbow-green',
        promo_code: 'WELCOME10',
        discount_amount_x100: 1000,
        discount_type: 'percentage',
        categories: [],
        freebie_product_id: null,
        display_order: 2,
        valid_days: allDays,
        is_bogo50: 0,
      },
      {
        title: '$5 Off Edibles',
        description: 'Sweet deal: $5 off gummies and chocolates with code SWEET5.',
        active: 1,
        color: 'rainbow-orange',
        promo_code: 'SWEET5',
        discount_amount_x100: 500,
        discount_type: 'fixed',
        categories: ['edibles'],
        freebie_product_id: null,
        display_order: 3,
        valid_days: allDays,
        is_bogo50: 0,
      },
      {
        title: 'Free Joint With Your Order',
        description: 'Use code FREEJOINT and we add a Classic Joint on the house.',
        active: 1,
        color: 'rainbow-red',
        promo_code: 'FREEJOINT',
        discount_amount_x100: 0,
        discount_type: 'freebie',
        categories: [],
        freebie_product_id: freebie.id,
        display_order: 4,
        valid_days: allDays,
        is_bogo50: 0,
      },
      {
        title: 'Weekend 15% Off Flower',
        description: 'Saturdays and Sundays: 15% off all flower with code WEEKEND15.',
        active: 1,
        color: 'rainbow-blue',
        promo_code: 'WEEKEND15',
        discount_amount_x100: 1500,
        discount_type: 'percentage',
        categories: ['flower'],
        freebie_product_id: null,
        display_order: 5,
        valid_days: JSON.stringify(['saturday', 'sunday']),
        is_bogo50: 0,
      },
    ];
    for (const { categories, ...promotion } of promotions) {
      const { id } = await trx
        .insertInto('promotions')
        .values(promotion)
        .returning('id')
        .executeTakeFirstOrThrow();
      await linkPromotionCategories(trx, id, categories);
    }

    await trx
      .insertInto('dealer_settings')
      .values({
        // the demo shop is closed on Sundays
        available_days: JSON.stringify(WEEKDAY_NAMES.filter((day) => day !== 'Sunday')),
        delivery_hours: JSON.stringify([
          '11:00 AM - 1:00 PM',
          '1:00 PM - 3:00 PM',
          '3:00 PM - 5:00 PM',
          '5:00 PM - 7:00 PM',
          '7:00 PM - 9:00 PM',
        ]),
        delivery_notes: 'We text you 15 minutes before we arrive.',
        updated_at: nowIso(),
      })
      .execute();

    await trx
      .updateTable('store_profile')
      .set({
        shop_name: 'Canopy Demo Dispensary',
        pickup_address: '420 Market Street, Suite 2, Oakland, CA 94612',
        opening_hours: 'Mon-Sat 10 AM - 9 PM, Sun closed',
        phone: '(510) 555-0142',
        license_number: 'C10-0000420-LIC (demo)',
        delivery_area: 'Oakland, Berkeley, Emeryville and Alameda',
        payment_methods: 'Cash or debit card at the door',
        updated_at: nowIso(),
      })
      .where('id', '=', 1)
      .execute();
  });
  return true;
}
