import { CART_BADGE_CAP } from '@shared/constants';

/** Spec §2.2: 99+ above 99. */
export function cartBadgeText(count: number): string {
  return count > CART_BADGE_CAP ? `${CART_BADGE_CAP}+` : String(count);
}
