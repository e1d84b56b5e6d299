export interface AddressableProduct {
  id: number;
  name: string;
  category: string;
  subcategory: string | null;
  strain: string | null;
}

export interface ReadableAddress {
  category: string;
  subcategory: string;
  /** undefined or 'unspecified' matches any strain */
  strain?: string;
  name: string;
}

export const GENERAL_SUBCATEGORY = 'general';
export const UNSPECIFIED_STRAIN = 'unspecified';

/** Accents are dropped (é -> e) so accented names still give a readable address. */
function withoutAccents(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '');
}

/** Spec §2.1 readable-address segment. */
export function readableSegment(text: string): string {
  return withoutAccents(text)
    .toLowerCase()
    .replace(/[^a-z0-9\s-]/g, '')
    .trim()
    .replace(/\s+/g, '-')
    .replace(/-+/g, '-')
    .replace(/^-|-$/g, '');
}

function hasStrain(strain: string | null | undefined): strain is string {
  return !!strain && strain.trim().toLowerCase() !== 'none';
}

export function readableProductPath(p: AddressableProduct): string {
  const segments = [
    p.category,
    p.subcategory || GENERAL_SUBCATEGORY,
    ...(hasStrain(p.strain) ? [p.strain] : []),
    p.name,
  ];
  return `/product/${segments.map(readableSegment).join('/')}`;
}

function sameSegment(a: string, b: string): boolean {
  return readableSegment(a) === readableSegment(b);
}

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

export function matchesReadableAddress(p: AddressableProduct, address: ReadableAddress): boolean {
  const strain = address.strain === undefined ? undefined : safeDecode(address.strain);
  const strainMatches =
    strain === undefined ||
    readableSegment(strain) === UNSPECIFIED_STRAIN ||
    sameSegment(hasStrain(p.strain) ? p.strain : 'none', strain);
  return (
    strainMatches &&
    sameSegment(p.category, safeDecode(address.category)) &&
    sameSegment(p.subcategory || GENERAL_SUBCATEGORY, safeDecode(address.subcategory)) &&
    sameSegment(p.name, safeDecode(address.name))
  );
}

/** Spec §5 category form slug; edge hyphens are trimmed as well. */
export function categorySlug(name: string): string {
  return name
    .toLowerCase()
    .trim()
    .replace(/\s+/g, '-')
    .replace(/&/g, '-and-')
    .replace(/[^\w-]/g, '')
    .replace(/-+/g, '-')
    .replace(/^-|-$/g, '');
}

/** Subcategory heading: hyphens shown as spaces; no subcategory reads General. */
export function subcategoryLabel(slug: string | null): string {
  return slug ? slug.replace(/-/g, ' ') : 'General';
}

/** The API path of one product by id (spec §7). */
export function productApiPath(id: number): string {
  return `/api/products/${id}`;
}

/** The API path of one product by its readable address (spec §7), each segment encoded. */
export function productByAddressApiPath(address: ReadableAddress): string {
  const segments = [address.category, address.subcategory, address.strain, address.name]
    .filter((segment): segment is string => segment !== undefined)
    .map(encodeURIComponent);
  return `/api/products/by-url/${segments.join('/')}`;
}
