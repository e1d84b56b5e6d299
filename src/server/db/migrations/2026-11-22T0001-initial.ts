import { sql } from 'kysely';
import type { Dialect } from '../connect';
import { type AnyDb, addIndex, serialKey } from '../migration-helpers';

/** Every entity of spec §3. Tables are created dialect-neutrally; only the id column differs. */
export async function up(db: AnyDb, dialect: Dialect): Promise<void> {
  const table = (name: string) => db.schema.createTable(name).$call(serialKey(dialect));

  await table('users')
    .addColumn('username', 'text', (c) => c.notNull().unique())
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('sessions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .execute();

  await table('categories')
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('slug', 'text', (c) => c.notNull().unique())
    .addColumn('parent_id', 'integer', (c) => c.references('categories.id'))
    .addColumn('description', 'text')
    .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  await table('products')
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('category', 'text', (c) => c.notNull())
    .addColumn('subcategory', 'text')
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('price_cents', 'integer', (c) => c.notNull())
    .addColumn('sale_price_cents', 'integer')
    .addColumn('price_quarter_cents', 'integer')
    .addColumn('sale_price_quarter_cents', 'integer')
    .addColumn('price_half_cents', 'integer')
    .addColumn('sale_price_half_cents', 'integer')
    .addColumn('price_ounce_cents', 'integer')
    .addColumn('sale_price_ounce_cents', 'integer')
    .addColumn('featured', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('media', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('stock', 'double precision', (c) => c.notNull().defaultTo(0))
    .addColumn('strain', 'text', (c) => c.notNull().defaultTo('none'))
    .addColumn('strain_types', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('flavors', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('flavor_strains', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('flavor_stocks', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addCheckConstraint('products_stock_not_negative', sql`stock >= 0`)
    .execute();
  await addIndex(db, 'products', 'products_category_idx', 'category');

  await table('promotions')
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('color', 'text', (c) => c.notNull().defaultTo('rainbow-blue'))
    .addColumn('promo_code', 'text')
    .addColumn('discount_amount_x100', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('discount_type', 'text', (c) => c.notNull().defaultTo('fixed'))
    .addColumn('applicable_categories', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('freebie_product_id', 'integer')
    .addColumn('display_order', 'integer', (c) => c.notNull().defaultTo(999))
    .addColumn('valid_days', 'text', (c) => c.notNull())
    .addColumn('is_bogo50', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  await table('schedule_slots')
    .addColumn('date', 'text', (c) => c.notNull())
    .addColumn('start_time', 'text', (c) => c.notNull())
    .addColumn('end_time', 'text', (c) => c.notNull())
    .addColumn('max_orders', 'integer', (c) => c.notNull().defaultTo(5))
    .addColumn('current_orders', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('notes', 'text')
    .execute();
  await addIndex(db, 'schedule_slots', 'schedule_slots_date_idx', 'date');

  await table('orders')
    .addColumn('shopper_id', 'text')
    .addColumn('customer', 'text', (c) => c.notNull())
    .addColumn('address', 'text', (c) => c.notNull())
    .addColumn('phone', 'text', (c) => c.notNull())
    .addColumn('email', 'text')
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('pending'))
    .addColumn('subtotal_cents', 'integer', (c) => c.notNull())
    .addColumn('discount_cents', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('delivery_fee_cents', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('total_cents', 'integer', (c) => c.notNull())
    .addColumn('promo_code', 'text')
    .addColumn('bogo50_details', 'text')
    .addColumn('order_type', 'text', (c) => c.notNull())
    .addColumn('delivery_date', 'text')
    .addColumn('delivery_time_window', 'text')
    .addColumn('delivery_notes', 'text')
    .addColumn('schedule_slot_id', 'integer', (c) =>
      c.references('schedule_slots.id').onDelete('set null'),
    )
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await addIndex(db, 'orders', 'orders_shopper_idx', 'shopper_id');

  await table('order_items')
    .addColumn('order_id', 'integer', (c) =>
      c.notNull().references('orders.id').onDelete('cascade'),
    )
    .addColumn('product_id', 'integer', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('unit_price_cents', 'integer')
    .addColumn('quantity', 'text', (c) => c.notNull())
    .addColumn('count', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('flavor', 'text')
    .addColumn('strain_type', 'text')
    .addColumn('stock_taken', 'double precision', (c) => c.notNull().defaultTo(0))
    .addColumn('stock_flavor', 'text')
    .execute();
  await addIndex(db, 'order_items', 'order_items_order_idx', 'order_id');

  await table('dealer_settings')
    .addColumn('available_days', 'text', (c) => c.notNull())
    .addColumn('delivery_hours', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('delivery_notes', 'text')
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('chat_sessions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('shopper_id', 'text')
    .addColumn('name', 'text')
    .addColumn('email', 'text')
    .addColumn('phone', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('last_message_at', 'text', (c) => c.notNull())
    .addColumn('unread_count', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  await table('chat_messages')
    .addColumn('session_id', 'text', (c) =>
      c.notNull().references('chat_sessions.id').onDelete('cascade'),
    )
    .addColumn('message', 'text', (c) => c.notNull())
    .addColumn('is_from_support', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('name', 'text')
    .addColumn('email', 'text')
    .addColumn('phone', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('external_ref', 'text')
    .execute();
  await addIndex(db, 'chat_messages', 'chat_messages_session_idx', 'session_id');

  await table('contact_messages')
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('phone', 'text', (c) => c.notNull())
    .addColumn('message', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('idempotency_keys')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('request_hash', 'text', (c) => c.notNull())
    .addColumn('status_code', 'integer')
    .addColumn('response_body', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  // The predefined BOGO50 promotion (spec §3): editable only in active, title and description.
  await db
    .insertInto('promotions')
    .values({
      title: 'Buy One Oz, Get One 50% Off',
      description:
        'Add two or more 1 Oz items and use code BOGO50: the cheaper of each pair is half price.',
      active: 1,
      color: 'rainbow-purple',
      promo_code: 'BOGO50',
      discount_amount_x100: 5000,
      discount_type: 'percentage',
      applicable_categories: '[]',
      display_order: 1,
      valid_days: JSON.stringify([
        'monday',
        'tuesday',
        'wednesday',
        'thursday',
        'friday',
        'saturday',
        'sunday',
      ]),
      is_bogo50: 1,
    })
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  for (const name of [
    'idempotency_keys',
    'contact_messages',
    'chat_messages',
    'chat_sessions',
    'dealer_settings',
    'order_items',
    'orders',
    'schedule_slots',
    'promotions',
    'products',
    'categories',
    'sessions',
    'users',
  ]) {
    await db.schema.dropTable(name).ifExists().execute();
  }
}
