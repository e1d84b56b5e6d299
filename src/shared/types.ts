/**
 * Entities as the API speaks them (spec §3 and §7): camelCase, money in dollars.
 * Inside the server and the pricing engine money is integer cents.
 */
import type {
  DiscountType,
  OrderStatus,
  OrderType,
  PromotionColor,
  QuantityLabel,
  Strain,
  Weekday,
} from './constants';
import type { DoorCheck, IdCheckOverride } from './id-check/door-check';
import type { ReturnReason } from './order-lifecycle';
import type { OrderLimits } from './order-limits';
import type { Payment } from './payment';
import type { Effect, NetUnit, PotencyUnit } from './product-facts';

export interface Product {
  id: number;
  name: string;
  /** category slug */
  category: string;
  /** subcategory slug, or null for none */
  subcategory: string | null;
  description: string;
  /** 1/8 oz price for flower, otherwise unit price */
  price: number;
  salePrice: number | null;
  priceQuarter: number | null;
  salePriceQuarter: number | null;
  priceHalf: number | null;
  salePriceHalf: number | null;
  priceOunce: number | null;
  salePriceOunce: number | null;
  featured: boolean;
  /** image or video URLs; images uploaded or seeded have resized variants, see mediaVariant() */
  media: string[];
  /** grams for flower, units otherwise */
  stock: number;
  strain: Strain;
  strainTypes: string[];
  flavors: string[];
  flavorStrains: Record<string, string>;
  flavorStocks: Record<string, number>;
  /** what one unit counts toward the daily purchase limits (issue 16); flower by weight counts its size */
  cannabisGrams: number;
  concentrateGrams: number;
  /** issue 37 §4: cannabis pays excise and counts toward the limits; accessories and merchandise do not */
  cannabis: boolean;
  /** issue 40 §1 product facts, all optional (see src/shared/product-facts.ts) */
  brand: string | null;
  /** '%' of weight (flower, pre-rolls, concentrates) or 'mg' per package (edibles, drinks) */
  potencyUnit: PotencyUnit | null;
  /** total THC: percent, or mg in the package */
  thc: number | null;
  /** mg in one serving (mg products only) */
  thcPerServing: number | null;
  cbd: number | null;
  cbdPerServing: number | null;
  /** what one serving is called ("piece", "can"); null reads "serving" */
  servingName: string | null;
  /** net weight or volume of one unit */
  netAmount: number | null;
  netUnit: NetUnit | null;
  effects: Effect[];
  /** lab results: an uploaded PDF or image under /media/ */
  labDocument: string | null;
  labName: string | null;
  /** YYYY-MM-DD */
  labTestedOn: string | null;
  createdAt: string;
}

export interface Category {
  id: number;
  name: string;
  slug: string;
  /** null = top level */
  parentId: number | null;
  description: string | null;
  sortOrder: number;
}

export interface Promotion {
  id: number;
  title: string;
  description: string;
  active: boolean;
  color: PromotionColor;
  promoCode: string | null;
  discountAmount: number;
  discountType: DiscountType;
  applicableCategories: string[];
  freebieProductId: number | null;
  displayOrder: number;
  validDays: Weekday[];
  /** true only for the predefined BOGO50 row */
  isBogo50: boolean;
}

export interface OrderItem {
  /** the product's id */
  id: number;
  /** the order line's own id, on orders the server answers (returns name lines by it) */
  lineId?: number;
  name: string;
  /** unit price in dollars; -1 = Bulk / to be determined; 0 = free */
  price: number;
  quantity: QuantityLabel;
  count: number;
  flavor?: string;
  strainType?: string;
  /** the product's cannabis flag when the order was placed: how the line was taxed */
  cannabis: boolean;
}

export interface Bogo50Details {
  ozItemsCount: number;
  originalTotal: number;
  discountAmount: number;
  promotionText: string;
}

export interface Order {
  id: number;
  customer: string;
  address: string;
  phone: string;
  email: string | null;
  status: OrderStatus;
  total: number;
  date: string;
  items: OrderItem[];
  deliveryDate: string | null;
  deliveryTimeWindow: string | null;
  deliveryNotes: string | null;
  deliveryFee: number;
  promoCode: string | null;
  discountAmount: number;
  bogo50Details: Bogo50Details | null;
  orderType: OrderType;
  /** issue 16: the rule set's tax lines, included in `total`; [] without one */
  taxes: OrderTax[];
  /** issue 17 §6: the secret of the order's status link, /o/<token> */
  statusToken: string;
  /** issue 17 §2: the driver it is assigned to (first name only: shoppers see it too) */
  driver: OrderDriver | null;
  /** when it was delivered or picked up */
  completedAt: string | null;
  /** why a delivery came back */
  returnReason: ReturnReason | null;
  /** issue 17 §3: the last ID check at the door */
  idCheck: DoorCheck | null;
  /** issue 37 §2: the shop day the goods change hands, which the daily limits count */
  saleDate: string | null;
  /** what the order counts toward that day's limits (0 once voided) */
  cannabisGrams: number;
  concentrateGrams: number;
  /** issue 37 §1: why staff voided (cancelled) it */
  voidReason: string | null;
  /** issue 37 §1: an owner's leave to check the ID again after a failed check */
  idCheckOverride: Omit<IdCheckOverride, 'byStaffId'> | null;
  /** what the handover changed (a tax re-priced at the rate then in force) */
  handoverNote: string | null;
  /** issue 36: times the driver found nobody home and will try again, and their last note */
  deliveryAttempts: number;
  attemptNote: string | null;
  /** issue 36 item 23: what the customer paid at handover */
  payment: Payment | null;
  /** issue 38: the shop cancelled it because nobody accepted it in time (ISO instant) */
  expiredAt: string | null;
  /** issue 37 §1: returns recorded after handover, oldest first */
  returns: OrderReturn[];
}

/** A return after handover: its own record; the goods are kept apart for destruction. */
export interface OrderReturn {
  id: number;
  at: string;
  reason: string;
  items: { lineId: number; name: string; quantity: QuantityLabel; count: number }[];
  /** the returned goods at the prices paid, dollars */
  value: number;
}

export interface OrderDriver {
  id: number;
  firstName: string;
}

/** A driver the dispatcher can give a delivery to. */
export interface Driver extends OrderDriver {
  employeeNumber: string;
}

/** What an order's status link shows, to anyone holding the link: no phone, email or address. */
export interface OrderStatusView {
  id: number;
  status: OrderStatus;
  orderType: OrderType;
  /** the customer's first name only */
  firstName: string;
  date: string;
  deliveryDate: string | null;
  deliveryTimeWindow: string | null;
  items: OrderItem[];
  deliveryFee: number;
  discountAmount: number;
  taxes: OrderTax[];
  /** the driver's first name once the order is out for delivery */
  driverFirstName: string | null;
  /** times the driver found nobody home, and their last note */
  deliveryAttempts: number;
  attemptNote: string | null;
  /** the shop cancelled it because nobody accepted it in time */
  expiredAt: string | null;
  total: number;
}

export interface OrderTax {
  name: string;
  /** percent */
  rate: number;
  /** dollars */
  amount: number;
}

export interface DealerSettings extends OrderLimits {
  id: number;
  /** capitalised weekday names, e.g. "Monday" */
  availableDays: string[];
  /** JSON-encoded list of time-window labels */
  deliveryHours: string;
  deliveryNotes: string | null;
  updatedAt: string;
  /** issue 16: the checkout rule set, e.g. "none" or "US-CA" */
  jurisdiction: string;
  /** percent; null = none */
  salesTaxRate: number | null;
  localTaxRate: number | null;
  /** issue 16: the menu and the cart show out-the-door prices, taxes included */
  pricesIncludeTaxes: boolean;
  /** issue 36 item 8: whether products that count toward a limit may be ordered as Bulk */
  bulkOfLimitedProducts: boolean;
}

export interface ScheduleSlot {
  id: number;
  /** YYYY-MM-DD */
  date: string;
  /** e.g. "9:00 AM" */
  startTime: string;
  endTime: string;
  maxOrders: number;
  currentOrders: number;
  notes: string | null;
}

/** A cart line as the browser keeps it under the key `cart` (spec §3). */
export interface CartItem {
  id: number;
  name: string;
  /** sale price if present, else regular; -1 = Bulk / to be determined; 0 = free */
  price: number;
  quantity: QuantityLabel;
  count: number;
  flavor?: string;
  strainType?: string;
}

export interface ContactMessage {
  name: string;
  email: string;
  phone: string;
  message: string;
}

/** Body of every 400 answer (ARCHITECTURE §1). */
export interface ValidationErrorBody {
  error: string;
  errors: { path: string; message: string }[];
  formattedErrors: string[];
}
