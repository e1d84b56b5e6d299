import type { DiscountType, PromotionColor, Weekday } from '../../../shared/constants';
import type { Promotion } from '../../../shared/schemas/promotions';
import { readJson } from '../../db/json';
import type { PromotionRow } from '../../db/schema';

export function promotionFromRow(row: PromotionRow): Promotion {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    active: Boolean(row.active),
    color: row.color as PromotionColor,
    promoCode: row.promo_code,
    discountAmount: row.discount_amount_x100 / 100,
    discountType: row.discount_type as DiscountType,
    applicableCategories: row.categories,
    freebieProductId: row.freebie_product_id,
    displayOrder: row.display_order,
    validDays: readJson<Weekday[]>(row.valid_days, []),
    isBogo50: Boolean(row.is_bogo50),
  };
}
