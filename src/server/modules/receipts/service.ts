import { createHash, timingSafeEqual } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { OrderStatus } from '../../../shared/constants';
import { buildReceipt, hasReceipt } from '../../../shared/receipt';
import { can } from '../../../shared/staff';
import type { Database } from '../../db/schema';
import { HttpError, notFound } from '../../http/errors';
import type { StaffIdentity } from '../auth/service';
import { findOrder } from '../orders/service';
import { handlingStaff } from '../staff/handling-staff';
import { getStoreProfile } from '../store-profile/service';
import { type ReceiptAccess, receiptPage, withoutPrivateParts } from './receipt-page';
import * as repo from './repo';

/** Who asks for a receipt: a member of staff, the shopper's cookie, and the status link's token. */
export interface ReceiptViewer {
  staff: StaffIdentity | null;
  shopperId: string | null;
  token: string | null;
}

type ReceiptRow = NonNullable<Awaited<ReturnType<typeof repo.findReceiptRow>>>;

const digest = (secret: string) => createHash('sha256').update(secret).digest();
/** Equal digests compared in constant time: the answer's timing says nothing of the secret. */
const sameSecret = (given: string, kept: string | null) =>
  kept !== null && timingSafeEqual(digest(given), digest(kept));

/**
 * What the viewer may see: all of it for staff who read orders, the order's driver and its
 * shopper (cookie); the receipt without the home address and the signature for whoever holds
 * the status link (it travels in texts and emails, and may be forwarded); else nothing.
 */
function accessOf(row: ReceiptRow, { staff, shopperId, token }: ReceiptViewer): ReceiptAccess {
  if (staff && can(staff.role, 'orders.read')) return 'full';
  if (staff && can(staff.role, 'deliveries') && row.driver_id === staff.userId) return 'full';
  if (shopperId && sameSecret(shopperId, row.shopper_id)) return 'full';
  return token !== null && sameSecret(token, row.status_token) ? 'link' : null;
}

/** An account from before staff roles may have no first name yet: its username stands in. */
/**
 * The receipt of a delivered or picked-up order (DCC §15420) as a printable
 * page. Someone else's order is as unknown as a missing one.
 */
export async function receiptHtml(
  db: Kysely<Database>,
  id: number,
  viewer: ReceiptViewer,
  timeZone: string,
): Promise<string> {
  const row = await repo.findReceiptRow(db, id);
  const access = row ? accessOf(row, viewer) : null;
  if (!row || !access) throw notFound('Order');
  if (!hasReceipt(row.status as OrderStatus))
    throw new HttpError(404, {
      error: `Order #${id} has no receipt yet: it gets one when it is delivered, picked up or voided.`,
      code: 'NO_RECEIPT',
    });
  const [order, shop] = await Promise.all([findOrder(db, id), getStoreProfile(db)]);
  const receipt = buildReceipt({
    order,
    subtotalCents: row.subtotal_cents,
    shop,
    customerNumber: row.customer_number,
    ...handlingStaff(row),
    signature: row.signature,
    timeZone,
  });
  return receiptPage(access === 'full' ? receipt : withoutPrivateParts(receipt));
}
