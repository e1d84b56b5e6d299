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
