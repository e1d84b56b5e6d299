import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';
import type { StaffRole } from '../../shared/staff';

/**
 * Table shapes. Money is integer cents; JSON lists and maps are stored as text
 * so one schema works on SQLite and PostgreSQL; booleans are 0/1 integers.
 */
export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  categories: CategoriesTable;
  products: ProductsTable;
  promotions: PromotionsTable;
  promotion_categories: PromotionCategoriesTable;
  orders: OrdersTable;
  order_items: OrderItemsTable;
  dealer_settings: DealerSettingsTable;
  schedule_slots: ScheduleSlotsTable;
  chat_sessions: ChatSessionsTable;
  chat_messages: ChatMessagesTable;
  contact_messages: ContactMessagesTable;
  store_profile: StoreProfileTable;
  delivery_zones: DeliveryZonesTable;
  audit_log: AuditLogTable;
  customer_numbers: CustomerNumbersTable;
  order_returns: OrderReturnsTable;
  product_destructions: ProductDestructionsTable;
  idempotency_keys: IdempotencyKeysTable;
  /** the abuse limits' counts, shared by the instances on one PostgreSQL */
  rate_counters: RateCountersTable;
  /** PostgreSQL only: bus events too large for a NOTIFY, read by id on the other instances */
  bus_payloads: BusPayloadsTable;
  /** the reports' per-day sums, kept by triggers on orders and order_items (decision 017) */
  report_days: ReportDaysTable;
  report_day_products: ReportDayProductsTable;
  report_day_quarters: ReportDayQuartersTable;
  /** Metrc packages received, what each handed-over line took, the reports to send */
  metrc_packages: MetrcPackagesTable;
  order_line_packages: OrderLinePackagesTable;
  metrc_outbox: MetrcOutboxTable;
  /** a duty one instance holds at a time (the Telegram poller), until its lease ends */
  worker_leases: WorkerLeasesTable;
}

/** Kept by triggers only: the app reads these, never writes them. Sums are bigint on PostgreSQL. */
type Sum = number | string;

export interface ReportDaysTable {
  shop_date: string;
  /** '' for an order without one */
  sale_date: string;
  status: string;
  order_type: string;
  /** the promo code in capitals, '' for none */
  promo: string;
  /** the sales-tax rate in ten-thousandths of a percent (8.625% is 86250), -1 for none */
  sales_rate_key: Sum;
  orders: Sum;
  total_cents: Sum;
  discount_cents: Sum;
  /** orders with a discount */
  discounted_orders: Sum;
  cannabis_cents: Sum;
  other_cents: Sum;
  /** the delivery fee of the orders with cannabis (taxed with it) */
  fee_cents: Sum;
  local_tax_cents: Sum;
  excise_base_cents: Sum;
  excise_cents: Sum;
  sales_base_cents: Sum;
  sales_tax_cents: Sum;
}

/** The sales' lines (orders neither cancelled nor returned) per shop day and product. */
export interface ReportDayProductsTable {
  shop_date: string;
  product_id: number;
  name: string;
  units: Sum;
  revenue_cents: Sum;
}

/** The sales per shop day and quarter hour of UTC ('2026-03-08T10:15:00.000Z'). */
export interface ReportDayQuartersTable {
  shop_date: string;
  quarter: string;
  orders: Sum;
  total_cents: Sum;
}

export interface MetrcPackagesTable {
  id: Generated<number>;
  /** Metrc's 24-character package tag */
  tag: string;
  item_name: string;
  /** Metrc's unit: Grams for goods sold by weight, Each for goods sold by the unit */
  unit_of_measure: string;
  quantity_received: number;
  quantity_remaining: number;
  product_id: number;
  flavor: string | null;
  staff_id: number | null;
  received_at: string;
}

export interface OrderLinePackagesTable {
  id: Generated<number>;
  order_id: number;
  order_item_id: number;
  package_id: number;
  tag: string;
  quantity: number;
  unit_of_measure: string;
}

export interface MetrcOutboxTable {
  id: Generated<number>;
  kind: string;
  order_id: number;
  return_id: number | null;
  external_number: string;
  sale_date: string;
  payload: string;
  status: string;
  attempts: Generated<number>;
  next_attempt_at: string;
  lease_until: string | null;
  metrc_id: number | null;
  error: string | null;
  created_at: string;
  sent_at: string | null;
}

export interface WorkerLeasesTable {
  name: string;
  holder: string;
  until: string;
}

export interface UsersTable {
  id: Generated<number>;
  username: string;
  password_hash: string;
  created_at: string;
  role: ColumnType<StaffRole, StaffRole | undefined, StaffRole>;
  /** shown to shoppers and on receipts: a first name only */
  first_name: ColumnType<string, string | undefined, string>;
  /** on receipts (DCC §15420); unique when set */
  employee_number: string | null;
  /** a disabled account cannot log in and holds no session */
  disabled_at: string | null;
}

export interface SessionsTable {
  /** sha256 of the cookie token, so a leaked table does not leak sessions */
  id: string;
  user_id: number;
  created_at: string;
  expires_at: string;
}

export interface CategoriesTable {
  id: Generated<number>;
  name: string;
  slug: string;
  parent_id: number | null;
  description: string | null;
  sort_order: number;
}

export interface ProductsTable {
  id: Generated<number>;
  name: string;
  /** always set (NOT NULL on PostgreSQL; SQLite cannot add the constraint to an old table) */
  category_id: number;
  subcategory_id: number | null;
  description: string;
  price_cents: number;
  sale_price_cents: number | null;
  price_quarter_cents: number | null;
  sale_price_quarter_cents: number | null;
  price_half_cents: number | null;
  sale_price_half_cents: number | null;
  price_ounce_cents: number | null;
  sale_price_ounce_cents: number | null;
  featured: number;
  media: string;
  /** grams for flower (multiples of 0.5), units otherwise */
  stock: number;
  strain: string;
  strain_types: string;
  flavors: string;
  flavor_strains: string;
  flavor_stocks: string;
  /** what one unit counts toward the daily limits; flower by weight counts its size */
  cannabis_grams: Generated<number>;
  concentrate_grams: Generated<number>;
  /** 1 = cannabis (excise, daily limits), 0 = accessory or merchandise */
  cannabis: Generated<number>;
  /** the product's facts (src/shared/product-facts.ts), all nullable */
  brand: string | null;
  potency_unit: string | null;
  thc: number | null;
  thc_per_serving: number | null;
  cbd: number | null;
  cbd_per_serving: number | null;
  serving_name: string | null;
  net_amount: number | null;
  net_unit: string | null;
  /** JSON list of effect words */
  effects: Generated<string>;
  lab_document: string | null;
  lab_name: string | null;
  lab_tested_on: string | null;
  created_at: string;
  /** returned after handover: kept apart until a recorded destruction */
  to_destroy: Generated<number>;
}

export interface PromotionsTable {
  id: Generated<number>;
  title: string;
  description: string;
  active: number;
  color: string;
  promo_code: string | null;
  /** cents for fixed discounts, hundredths of a percent for percentage ones */
  discount_amount_x100: number;
  discount_type: string;
  freebie_product_id: number | null;
  display_order: number;
  valid_days: string;
  is_bogo50: number;
}

/** The categories a promotion is limited to; none means every category. */
export interface PromotionCategoriesTable {
  promotion_id: number;
  category_id: number;
}

export interface OrdersTable {
  id: Generated<number>;
  shopper_id: string | null;
  customer: string;
  address: string;
  phone: string;
  email: string | null;
  status: string;
  subtotal_cents: number;
  discount_cents: number;
  delivery_fee_cents: number;
  total_cents: number;
  promo_code: string | null;
  bogo50_details: string | null;
  order_type: string;
  delivery_date: string | null;
  delivery_time_window: string | null;
  delivery_notes: string | null;
  /** the schedule slot this order counts against, so moving or deleting it frees the place */
  schedule_slot_id: number | null;
  created_at: string;
  /** JSON list of {name, ratePercent, amountCents}; '[]' without a rule set */
  taxes: Generated<string>;
  /** the shop date the order was placed on, and the normalised phone: the daily limits' key */
  shop_date: string | null;
  customer_key: string | null;
  postal_code: string | null;
  cannabis_grams: Generated<number>;
  concentrate_grams: Generated<number>;
  /** the secret of the order's status link, /o/<token> (null only before 0023 ran) */
  status_token: string | null;
  /** the driver the order is assigned to */
  driver_id: number | null;
  /** when the order was delivered or picked up (ISO instant) */
  completed_at: string | null;
  /** why a delivery came back (order-lifecycle.ts RETURN_REASONS) */
  return_reason: string | null;
  /** the last ID check at the door (JSON DoorCheck) */
  id_check: string | null;
  /** keyed hash of the checked ID's number (id-number-hash.ts) */
  id_hash: string | null;
  /** the customer's signature at the door: a data:image/png;base64 URL */
  signature: string | null;
  /** who packed it (or made a pickup ready), else who completed it at the back office */
  prepared_by: number | null;
  /** the customer's number (customer_numbers), given when the order is handed over */
  customer_number: number | null;
  /**
   * The shop day the goods change hands, which the daily limits count: the delivery date of a
   * scheduled order, the day of ordering otherwise, then the day it was handed over.
   */
  sale_date: string | null;
  /** why staff voided (cancelled) the order */
  void_reason: string | null;
  /** JSON IdCheckOverride: an owner's leave to check a failed ID again */
  id_check_override: string | null;
  /** what the handover changed, for the receipt (a tax re-priced at the rate then in force) */
  handover_note: string | null;
  /** JSON TaxContextOfOrder: what the taxes were levied on, to tax it again at handover */
  tax_context: string | null;
  /** times a driver found nobody home and will try again, and their last note */
  delivery_attempts: Generated<number>;
  attempt_note: string | null;
  payment_method: string | null;
  payment_collected_cents: number | null;
  /**
   * 1 while the order counts a place in its delivery window (its slot's
   * current_orders, or the weekly window's count). A Bulk or unpriced order takes its place
   * only when staff accept it; a closed order gives it back.
   */
  holds_slot_place: Generated<number>;
  /** when the shop cancelled the order because nobody accepted it in time (ISO instant) */
  expired_at: string | null;
  /** when the delivery first set off (put on the way; ISO instant) */
  departed_at: ColumnType<string | null, string | null | undefined, string | null>;
}

/** A return after handover: its own record beside the sale, never restocked. */
export interface OrderReturnsTable {
  id: Generated<number>;
  order_id: number;
  reason: string;
  /** JSON list of ReturnedItem */
  items: string;
  staff_id: number | null;
  created_at: string;
}

/** Returned goods destroyed, with a witness. */
export interface ProductDestructionsTable {
  id: Generated<number>;
  product_id: number;
  product_name: string;
  amount: number;
  witness: string;
  note: string | null;
  staff_id: number | null;
  created_at: string;
}

/** The shop's number for each customer (DCC §15420), by customerNumberKey. */
export interface CustomerNumbersTable {
  number: Generated<number>;
  customer_key: string;
  created_at: string;
}

export interface OrderItemsTable {
  id: Generated<number>;
  order_id: number;
  product_id: number;
  name: string;
  /** null for Bulk / to be determined */
  unit_price_cents: number | null;
  quantity: string;
  count: number;
  flavor: string | null;
  strain_type: string | null;
  /** grams or units taken from stock, restored exactly when the order is deleted */
  stock_taken: number;
  /** the flavor whose stock was taken, when the product keeps stock per flavor */
  stock_flavor: string | null;
  /** the product's cannabis flag when the order was placed (1/0): how the line was taxed */
  cannabis: Generated<number>;
}

export interface DealerSettingsTable {
  id: Generated<number>;
  available_days: string;
  delivery_hours: string;
  delivery_notes: string | null;
  updated_at: string;
  jurisdiction: Generated<string>;
  /** percent */
  sales_tax_rate: number | null;
  local_tax_rate: number | null;
  /** 0/1: the menu and the cart show prices with taxes (a display choice) */
  prices_include_taxes: Generated<number>;
  /** the dealer's order limits (src/shared/order-limits.ts) */
  max_line_count: Generated<number>;
  max_order_subtotal_cents: Generated<number>;
  accept_within_minutes: Generated<number>;
  scheduled_accept_lead_minutes: Generated<number>;
  max_open_scheduled_per_phone: Generated<number>;
  max_pending_scheduled_per_day: Generated<number>;
}

export interface DeliveryZonesTable {
  id: Generated<number>;
  name: string;
  /** JSON list of five-digit codes */
  postal_codes: string;
  fee_cents: number;
  minimum_cents: number;
  free_delivery_over_cents: number | null;
  /** percent */
  sales_tax_rate: number | null;
  note: string | null;
  created_at: string;
  updated_at: string;
}

export interface ScheduleSlotsTable {
  id: Generated<number>;
  date: string;
  start_time: string;
  end_time: string;
  max_orders: number;
  current_orders: number;
  notes: string | null;
}

export interface ChatSessionsTable {
  id: string;
  shopper_id: string | null;
  name: string | null;
  email: string | null;
  phone: string | null;
  created_at: string;
  last_message_at: string;
  unread_count: number;
  /** closed as spam by support: out of the inbox, further messages dropped */
  muted_at: string | null;
}

export interface ChatMessagesTable {
  id: Generated<number>;
  session_id: string;
  message: string;
  is_from_support: number;
  name: string | null;
  email: string | null;
  phone: string | null;
  created_at: string;
  /** id of the message in the messaging app, for reply relaying */
  external_ref: string | null;
}

export interface ContactMessagesTable {
  id: Generated<number>;
  name: string;
  email: string;
  phone: string;
  message: string;
  created_at: string;
  /** when the dealer marked it handled; null while it is new */
  handled_at: string | null;
  /** the live chat it was sent from, if any */
  chat_session_id: string | null;
}

/** One row (id 1): the shop facts of the store profile. */
export interface StoreProfileTable {
  id: number;
  shop_name: string;
  pickup_address: string;
  opening_hours: string;
  phone: string;
  license_number: string;
  delivery_area: string;
  payment_methods: string;
  updated_at: string;
  /** the licensee's legal business name, printed on receipts */
  legal_name: string;
}

export interface IdempotencyKeysTable {
  key: string;
  request_hash: string;
  /** null while the first request is still running */
  status_code: number | null;
  response_body: string | null;
  created_at: string;
}

export interface BusPayloadsTable {
  id: Generated<number>;
  payload: string;
  created_at: string;
}

/** Where a product is filed, by slug: what the API and the rules speak. */
interface ProductPlace {
  category: string;
  subcategory: string | null;
}
type ProductColumns = Omit<ProductsTable, 'category_id' | 'subcategory_id'>;
/** A product as the repos read it: its columns and its category's and subcategory's slugs. */
export type ProductRow = Selectable<ProductsTable> & ProductPlace;
/** A product as the repos write it: the repo turns the slugs into category ids. */
export type NewProductRow = Insertable<ProductColumns> & ProductPlace;
export type ProductRowUpdate = Updateable<ProductColumns> & Partial<ProductPlace>;
export type CategoryRow = Selectable<CategoriesTable>;
/** A promotion as the repos read and write it, with the slugs of the categories it is limited to. */
export type PromotionRow = Selectable<PromotionsTable> & { categories: string[] };
export type NewPromotionRow = Omit<PromotionRow, 'id'>;
export type OrderRow = Selectable<OrdersTable>;
export type OrderItemRow = Selectable<OrderItemsTable>;
export type OrderReturnRow = Selectable<OrderReturnsTable>;
export type NewOrderRow = Insertable<OrdersTable>;
export type NewOrderItemRow = Insertable<OrderItemsTable>;
export type ScheduleSlotRow = Selectable<ScheduleSlotsTable>;
export type DealerSettingsRow = Selectable<DealerSettingsTable>;
export type DeliveryZoneRow = Selectable<DeliveryZonesTable>;

/** Append-only (triggers refuse UPDATE and DELETE): one row per staff action that changed data. */
export interface AuditLogTable {
  id: Generated<number>;
  at: string;
  /** null for an action nobody signed in made (a failed login) */
  staff_id: number | null;
  staff_username: string | null;
  staff_role: string | null;
  /** e.g. "PATCH /api/products/:id", "login", "login failed" */
  action: string;
  /** the table or thing changed: "products", "orders", "users", "session" */
  entity: string;
  entity_id: string | null;
  /** JSON: { field: { from, to } } for each changed column */
  changes: string;
  address: string | null;
}

export interface RateCountersTable {
  key: string;
  count: number;
  /** epoch milliseconds: when the key's window ends */
  reset_at: number;
}
