import type { Kysely } from 'kysely';
import type { Product } from '../../../shared/schemas/products';
import { matchesReadableAddress } from '../../../shared/slugs';
import type { Database } from '../../db/schema';
import { productFromRow } from './product-mapper';
import * as repo from './repo';

const DAY_MS = 24 * 60 * 60 * 1000;

export async function listProducts(db: Kysely<Database>): Promise<Product[]> {
  return (await repo.listProductRows(db)).map(productFromRow);
}

export async function listNewestProducts(
  db: Kysely<Database>,
  days: number,
  now = new Date(),
): Promise<Product[]> {
  const since = new Date(now.getTime() - days * DAY_MS).toISOString();
  return (await repo.listProductRowsCreatedSince(db, since)).map(productFromRow);
}

export async function findProduct(db: Kysely<Database>, id: number): Promise<Product | undefined> {
  const row = await repo.findProductRow(db, id);
  return row && productFromRow(row);
}

export interface ReadableAddress {
  category: string;
  subcategory: string;
  strain?: string;
  name: string;
}

export async function findProductByAddress(
  db: Kysely<Database>,
  address: ReadableAddress,
): Promise<Product | undefined> {
  const products = await listProducts(db);
  return products.find((p) => matchesReadableAddress(p, address));
}
