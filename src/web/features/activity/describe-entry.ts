import type { AuditEntry } from '@shared/audit';

/** What each logged table is called on screen. */
export const ENTITIES: Record<string, string> = {
  products: 'Product',
  orders: 'Order',
  promotions: 'Promotion',
  categories: 'Category',
  users: 'Staff member',
  session: 'Sign-in',
  delivery_zones: 'Delivery zone',
  dealer_settings: 'Settings',
  store_profile: 'Store profile',
  schedule_slots: 'Schedule slot',
  contact_messages: 'Contact message',
  chat_sessions: 'Chat',
  media: 'Media',
};

/** Columns whose stored name says little to an owner. */
const COLUMN_LABELS: Record<string, string> = {
  start_time: 'Start time',
  end_time: 'End time',
  max_orders: 'Capacity',
  current_orders: 'Booked',
  driver_id: 'Driver (staff #)',
  prepared_by: 'Prepared by (staff #)',
  id_check: 'ID check',
  id_check_override: 'ID re-check allowed',
  delivery_date: 'Delivery date',
  delivery_time_window: 'Delivery window',
  available_days: 'Delivery days',
  delivery_hours: 'Delivery windows',
  sales_tax_rate: 'Sales tax rate (%)',
  local_tax_rate: 'Local tax rate (%)',
  discount_amount_x100: 'Discount',
  employee_number: 'Employee number',
  disabled_at: 'Turned off',
  handled_at: 'Handled',
  completed_at: 'Handed over at',
  to_destroy: 'Returned, to destroy',
};

/**
 * A changed column in words: "Start time", "Price" for `price_cents` (its values then in
 * dollars), and any other column with its underscores as spaces.
 */
export function columnChange(
  column: string,
  change: { from: unknown; to: unknown },
): { label: string; from: unknown; to: unknown } {
  const dollars = (value: unknown) =>
    typeof value === 'number' ? `$${(value / 100).toFixed(2)}` : value;
  if (column.endsWith('_cents') && !COLUMN_LABELS[column]) {
    const label = humanize(column.slice(0, -'_cents'.length));
    return { label, from: dollars(change.from), to: dollars(change.to) };
  }
  return { label: COLUMN_LABELS[column] ?? humanize(column), ...change };
}

const humanize = (column: string) => {
  const words = column.replaceAll('_', ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
};

/** Entries written before services named their actions carry the request's method and path. */
const METHOD_ACTIONS: Record<string, string> = {
  POST: 'created',
  PUT: 'changed',
  PATCH: 'changed',
  DELETE: 'deleted',
};

/** "Product #3 changed", "Staff member #4 password reset", "Media uploaded". */
export function describeEntry(entry: AuditEntry): string {
  if (entry.action === 'login') return 'Signed in';
  if (entry.action === 'login failed') return 'Failed sign-in';
  const [method, path] = entry.action.split(' ');
  const action = (path?.startsWith('/') && METHOD_ACTIONS[method ?? '']) || entry.action;
  const what = ENTITIES[entry.entity] ?? entry.entity;
  return `${what}${entry.entityId ? ` #${entry.entityId}` : ''} ${action}`;
}
