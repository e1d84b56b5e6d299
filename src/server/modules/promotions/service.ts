import type { Kysely } from 'kysely';
import type { Promotion } from '../../../shared/schemas/promotions';
import type { Database } from '../../db/schema';
import { promotionFromRow } from './promotion-mapper';
import * as repo from './repo';

export async function listPromotions(db: Kysely<Database>): Promise<Promotion[]> {
  return (await repo.listPromotionRows(db)).map(promotionFromRow);
}

/** What shoppers may see: an inactive promotion's code is the dealer's business. */
export async function listActivePromotions(db: Kysely<Database>): Promise<Promotion[]> {
  return (await listPromotions(db)).filter((p) => p.active);
}
