import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { ensureDealer } from '../src/server/modules/auth/service';
import type { ScheduleSlot } from '../src/shared/schemas/schedule';
import type { TestApp } from './harness';

/** A flower as the dealer's product form sends it. */
export const FLOWER_BODY = {
  name: 'Test Kush',
  category: 'flower',
  subcategory: 'indoor',
  description: 'A test flower.',
  price: 40,
  salePrice: '',
  priceQuarter: null,
  stock: 56,
  strain: 'Indica',
  media: ['/media/demo-1.webp'],
};

/** The 400 every product route answers to an id that is not one, such as `/api/products/abc`. */
export const INVALID_PRODUCT_ID_ANSWER = {
  error: 'Invalid product id',
  code: 'VALIDATION_FAILED',
  errors: [{ path: 'id', message: 'must be a positive whole number' }],
  formattedErrors: ['id: must be a positive whole number'],
};

const DEALER = { username: 'back-office', password: 'a-long-dealer-password' };

/** Signs a dealer in and answers a request helper that sends the session cookie (or none with `anonymous`). */
export async function dealerClient(t: TestApp) {
  await ensureDealer(t.db.kysely, DEALER.username, DEALER.password);
  const login = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: DEALER });
  const token = login.cookies.find((c) => c.name === 'canopy_dealer')?.value;
  if (!token) throw new Error(`dealer login failed: ${login.statusCode} ${login.body}`);
  const cookie = `canopy_dealer=${token}`;
  const send = (
    method: InjectOptions['method'],
    url: string,
    payload?: unknown,
    anonymous = false,
  ): Promise<LightMyRequestResponse> =>
    t.app.inject({
      method,
      url,
      ...(payload === undefined ? {} : { payload: payload as object }),
      headers: anonymous ? {} : { cookie },
    });
  return { cookie, send };
}

/** The dealer opens a 1–3 PM slot on `date` for `maxOrders` orders; answers the slot. */
export async function addAfternoonSlot(
  send: Awaited<ReturnType<typeof dealerClient>>['send'],
  date: string,
  maxOrders: number,
): Promise<ScheduleSlot> {
  const res = await send('POST', '/api/schedule-slots', {
    date,
    startTime: '1:00 PM',
    endTime: '3:00 PM',
    maxOrders,
  });
  if (res.statusCode !== 201) throw new Error(`slot not added: ${res.statusCode} ${res.body}`);
  return res.json<ScheduleSlot>();
}
