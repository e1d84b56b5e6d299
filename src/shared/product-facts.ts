/**
 * The facts a shopper compares products by — brand, potency, size, effects and
 * lab results. The lists, and how a fact reads on a card and the product page, live here once.
 *
 * Potency is a value, a unit and a basis: `potencyUnit` '%' reads `thc`/`cbd` as the total
 * percentage of the product's weight (flower, pre-rolls, concentrates); 'mg' reads them as
 * the total milligrams in the package, with `thcPerServing`/`cbdPerServing` the milligrams in
 * one serving (edibles, drinks), a serving being a `servingName` ("piece", "can").
 */
import type { Product } from './schemas/products';

export const POTENCY_UNITS = ['%', 'mg'] as const;
export type PotencyUnit = (typeof POTENCY_UNITS)[number];

export const NET_UNITS = ['g', 'mg', 'oz', 'ml', 'fl oz'] as const;
export type NetUnit = (typeof NET_UNITS)[number];

export const EFFECTS = [
  'relaxed',
  'sleepy',
  'happy',
  'uplifted',
  'focused',
  'energetic',
  'creative',
  'hungry',
  'calm',
  'euphoric',
  'talkative',
  'tingly',
] as const;
export type Effect = (typeof EFFECTS)[number];
export const MAX_EFFECTS = 5;

export const DEFAULT_SERVING_NAME = 'serving';

/** Lab documents: one PDF or image, as large as a product photo may be. */
export const LAB_DOCUMENT_MAX_BYTES = 10 * 1024 * 1024;

export type ProductFacts = Pick<
  Product,
  | 'brand'
  | 'potencyUnit'
  | 'thc'
  | 'thcPerServing'
  | 'cbd'
  | 'cbdPerServing'
  | 'servingName'
  | 'netAmount'
  | 'netUnit'
  | 'effects'
  | 'labDocument'
  | 'labName'
  | 'labTestedOn'
>;

/** Trims a decimal for display: 24 -> "24", 0.5 -> "0.5", 22.40 -> "22.4". */
export function formatAmount(value: number): string {
  return String(Math.round(value * 100) / 100);
}

const servingOf = (p: Pick<Product, 'servingName'>) => p.servingName ?? DEFAULT_SERVING_NAME;

/**
 * The card's potency badge: "THC 24%" for a percentage, "10 mg/piece" for milligrams per
 * serving, "100 mg THC" for a package total alone; CBD when the product states no THC.
 */
export function potencyBadge(
  p: Pick<
    Product,
    'potencyUnit' | 'thc' | 'thcPerServing' | 'cbd' | 'cbdPerServing' | 'servingName'
  >,
): string | null {
  if (!p.potencyUnit) return null;
  const [name, total, perServing] =
    p.thc !== null || p.thcPerServing !== null
      ? (['THC', p.thc, p.thcPerServing] as const)
      : (['CBD', p.cbd, p.cbdPerServing] as const);
  if (p.potencyUnit === '%') return total === null ? null : `${name} ${formatAmount(total)}%`;
  if (perServing !== null) {
    const suffix = name === 'CBD' ? ' CBD' : '';
    return `${formatAmount(perServing)} mg/${servingOf(p)}${suffix}`;
  }
  return total === null ? null : `${formatAmount(total)} mg ${name}`;
}

/** One cannabinoid's line on the product page: "24%", "100 mg per package · 10 mg per piece". */
export function potencyLine(
  p: Pick<Product, 'potencyUnit' | 'servingName'>,
  total: number | null,
  perServing: number | null,
): string | null {
  if (!p.potencyUnit) return null;
  if (p.potencyUnit === '%') return total === null ? null : `${formatAmount(total)}%`;
  const parts = [
    total === null ? null : `${formatAmount(total)} mg per package`,
    perServing === null ? null : `${formatAmount(perServing)} mg per ${servingOf(p)}`,
  ].filter((part): part is string => part !== null);
  return parts.length > 0 ? parts.join(' · ') : null;
}

/** "3.5 g", "355 ml"; null when the shop left the size out. */
export function netSizeLabel(p: Pick<Product, 'netAmount' | 'netUnit'>): string | null {
  if (p.netAmount === null || !p.netUnit) return null;
  return `${formatAmount(p.netAmount)} ${p.netUnit}`;
}

/** "Relaxed" from "relaxed". */
export function effectLabel(effect: string): string {
  return effect.charAt(0).toUpperCase() + effect.slice(1);
}

/** Whether the product states any of its facts (the product page shows the block only then). */
export function hasFacts(p: ProductFacts): boolean {
  return (
    p.brand !== null ||
    potencyBadge(p) !== null ||
    p.cbd !== null ||
    netSizeLabel(p) !== null ||
    p.effects.length > 0 ||
    p.labDocument !== null
  );
}

/** The facts of a product that states none: what older rows and imports without the columns read. */
export const NO_FACTS: ProductFacts = {
  brand: null,
  potencyUnit: null,
  thc: null,
  thcPerServing: null,
  cbd: null,
  cbdPerServing: null,
  servingName: null,
  netAmount: null,
  netUnit: null,
  effects: [],
  labDocument: null,
  labName: null,
  labTestedOn: null,
};
