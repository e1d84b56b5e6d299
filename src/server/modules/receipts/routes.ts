import { z } from 'zod';
import { errorResponse } from '../../../shared/schemas/http';
import { HttpError, idParams, withSummary } from '../../http/errors';
import type { ApiApp } from '../../http/openapi';
import { currentStaff } from '../auth/guard';
import { shopperIdOf } from '../orders/shopper-cookie';
import { RECEIPT_CSP } from './receipt-page';
import { receiptHtml } from './service';

const receiptRoute = {
  schema: {
    params: withSummary(idParams, 'Invalid order id'),
    querystring: withSummary(
      z.object({ token: z.string().max(64).optional() }),
      'Invalid receipt link',
    ),
    response: {
      200: {
        description:
          'the receipt as a printable page; for staff who read orders, the order’s driver, the shopper who placed it, or with ?token=<the status link’s token>',
        content: { 'text/html': { schema: z.string() } },
      },
      401: errorResponse,
      404: errorResponse,
    },
  },
  serializerCompiler: () => (data: unknown) =>
    typeof data === 'string' ? data : JSON.stringify(data),
};

/** GET /api/orders/:id/receipt, a delivered or picked-up order's receipt. */
export async function receiptRoutes(app: ApiApp): Promise<void> {
  app.get('/api/orders/:id/receipt', receiptRoute, async (request, reply) => {
    const viewer = {
      staff: await currentStaff(app, request),
      shopperId: shopperIdOf(request),
      token: request.query.token ?? null,
    };
    if (!viewer.staff && !viewer.shopperId && !viewer.token)
      throw new HttpError(401, {
        error: 'Sign in, or open the receipt from the order’s status link.',
        code: 'UNAUTHORIZED',
      });
    const html = await receiptHtml(
      app.db.kysely,
      request.params.id,
      viewer,
      app.config.SHOP_TIMEZONE,
    );
    return reply
      .header('content-type', 'text/html; charset=utf-8')
      .header('content-security-policy', RECEIPT_CSP)
      .header('cache-control', 'no-store')
      .header('referrer-policy', 'no-referrer')
      .header('x-robots-tag', 'noindex')
      .send(html);
  });
}
