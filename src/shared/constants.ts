/** Business constants of spec §9. One place; server and browser import them. */

export const AGE_THRESHOLD = 21;

export const FLOWER_QUANTITIES = ['1/8 Oz', '1/4 Oz', '1/2 Oz', '1 Oz'] as const;
export const UNIT_QUANTITIES = ['1', '2', '3', '4', '5', '10'] as const;
export const BULK = 'Bulk' as const;
export const QUANTITY_OPTIONS = [...FLOWER_QUANTITIES, BULK, ...UNIT_QUANTITIES] as const;
export type FlowerQuantity = (typeof FLOWER_QUANTITIES)[number];
export type QuantityLabel = (typeof QUANTITY_OPTIONS)[number];

/** Grams per flower size; Bulk needs none (always available, not stock-limited). */
export const GRAMS_PER_QUANTITY: Record<FlowerQuantity, number> = {
  '1/8 Oz': 3.5,
  '1/4 Oz': 7,
  '1/2 Oz': 14,
  '1 Oz': 28,
};
export const GRAMS_PER_EIGHTH = 3.5;

/** Price sentinel for Bulk / to-be-determined lines (dollars, as the spec's cart stores it). */
export const BULK_PRICE = -1;

/** Default quarter, half and ounce prices as multiples of the 1/8 oz price. */
export const DEFAULT_TIER_MULTIPLIERS = { quarter: 1.9, half: 3.6, ounce: 6.4 } as const;

export const DELIVERY_FEE_CENTS = 500;
export const DELIVERY_MINIMUM_CENTS = 5000;

export const BOGO50_CODE = 'BOGO50';
/** What BOGO50 does, in the words the cart, the promotions and the order use. */
export const BOGO50_DEAL = '50% off the cheaper 1 Oz item of each pair';
export const BOGO50_ONE_OZ_HINT = 'Add another Oz and use code BOGO50 for 50% off!';

export const STRAINS = ['Sativa', 'Indica', 'Hybrid'] as const;
export type StrainName = (typeof STRAINS)[number];
export const STRAIN_OPTIONS = ['none', ...STRAINS] as const;
export type Strain = (typeof STRAIN_OPTIONS)[number];
export const DEFAULT_FLAVOR_STRAIN: StrainName = 'Hybrid';

export const WEEKDAYS = [
  'monday',
  'tuesday',
  'wednesday',
  'thursday',
  'friday',
  'saturday',
  'sunday',
] as const;
export type Weekday = (typeof WEEKDAYS)[number];

export const PROMOTION_COLORS = [
  'rainbow-red',
  'rainbow-orange',
  'rainbow-green',
  'rainbow-blue',
  'rainbow-purple',
] as const;
export type PromotionColor = (typeof PROMOTION_COLORS)[number];
export const DISCOUNT_TYPES = ['fixed', 'percentage', 'freebie'] as const;
export type DiscountType = (typeof DISCOUNT_TYPES)[number];
export const PROMOTION_DEFAULTS = {
  active: true,
  color: 'rainbow-blue' as PromotionColor,
  discountType: 'fixed' as DiscountType,
  discountAmount: 0,
  displayOrder: 999,
  validDays: [...WEEKDAYS] as Weekday[],
};
export const FREEBIE_SEARCH_CAP = 10;

/**
 * The spec's four statuses first, then the delivery lifecycle's (see
 * order-lifecycle.ts for what each means to a delivery and to a pickup).
 */
export const ORDER_STATUSES = [
  'pending',
  'accepted',
  'packed',
  'ready',
  'on the way',
  'completed',
  'returned',
  'cancelled',
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
export const ORDER_TYPES = ['delivery', 'pickup', 'scheduled'] as const;
export type OrderType = (typeof ORDER_TYPES)[number];
export const PICKUP_ADDRESS = 'PICKUP';

export const DEFAULT_SLOT_CAPACITY = 5;
/** Scheduled orders one shopper may have open (not completed) at once: bulk bookings cannot fill the calendar. */
export const OVERRIDE_MARKER = {
  notes: 'OVERRIDE_WEEKLY_SCHEDULE',
  startTime: '12:00 AM',
  endTime: '12:01 AM',
  maxOrders: 0,
} as const;

/** The six windows offered when editing an order's delivery. */
export const DELIVERY_WINDOWS = [
  '9:00 AM - 11:00 AM',
  '11:00 AM - 1:00 PM',
  '1:00 PM - 3:00 PM',
  '3:00 PM - 5:00 PM',
  '5:00 PM - 7:00 PM',
  '7:00 PM - 9:00 PM',
] as const;
/** The weekly schedule adds a seventh window. */
export const WEEKLY_WINDOWS = [...DELIVERY_WINDOWS, '9:00 PM - 11:00 PM'] as const;

export const SCHEDULING_WINDOW_DAYS = 14;
/** A delivery window of today can be booked until this long before it starts. */
export const SCHEDULE_LEAD_MINUTES = 60;
export const NEWEST_ARRIVALS_DAYS = 21;
export const DEFAULT_CATEGORY_SORT_ORDER = 0;
export const MENU_UNKNOWN_SORT_ORDER = 999;

export const STOCK_COLOR_THRESHOLDS = { red: 10, yellow: 20 } as const;
export const LOW_STOCK_BELOW = 5;

export const CART_BADGE_CAP = 99;
export const MOBILE_BREAKPOINT_PX = 768;

export const TIMERS = {
  toastMs: 5000,
  dealerToastMs: 3000,
  dealerUnlockClicks: 10,
  dealerUnlockGapMs: 3000,
  contactResetMs: 3000,
  redirectAfterLoginMs: 500,
  reconnectMs: 3000,
  chatSessionLifetimeMs: 24 * 60 * 60 * 1000,
  chatExpiryCheckMs: 60 * 60 * 1000,
  duplicateMessageWindowMs: 5000,
  sessionResendMs: 500,
  promotionsBannerMs: 7000,
  promotionsSlideMs: 500,
  productRowMs: 3000,
  productRowPauseMs: 10000,
  featuredHeroMs: 5000,
  relatedCarouselMs: 3000,
  relatedCarouselPauseMs: 10000,
  newOrderFlagMs: 5000,
  reloadAfterFailedCartClearMs: 1500,
  productDetailDelayMs: 300,
  sidebarCloseMs: 300,
} as const;

export const UNCATEGORIZED_SLUG = 'uncategorized';
export const FLOWER_CATEGORY_SLUG = 'flower';

/**
 * Longest chat message, in characters, on every path in (shopper socket, dealer
 * socket or REST reply, Telegram reply) and in the browser's text boxes.
 */
export const CHAT_MESSAGE_MAX_LENGTH = 1500;
