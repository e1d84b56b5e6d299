// @vitest-environment happy-dom
import type { Order, OrderStatusView } from '@shared/schemas/orders';
import { render, screen } from '@testing-library/react';
import { OrderDetails } from '@web/features/order-management/components/order-details';
import { describe, expect, it } from 'vitest';
import { Route, Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { renderWithQueries, stubFetch } from '../../../../../test/render';
import OrderStatusPage from './order-status-page';
import { ReceiptLink } from './receipt-link';

const TOKEN = 'aB3-dE6_gH9iJ2kL5mN8o+';

const view = (status: OrderStatusView['status']): OrderStatusView => ({
  id: 42,
  status,
  orderType: 'delivery',
  firstName: 'Jamie',
  date: '2026-11-25T23:42:00.000Z',
  deliveryDate: null,
  deliveryTimeWindow: null,
  items: [],
  deliveryFee: 5,
  discountAmount: 0,
  taxes: [],
  driverFirstName: null,
  deliveryAttempts: 0,
  attemptNote: null,
  expiredAt: null,
  total: 90.5,
});

function renderStatusPage(status: OrderStatusView['status']) {
  stubFetch({ status: 200, body: view(status) });
  const { hook } = memoryLocation({ path: `/o/${TOKEN}` });
  return renderWithQueries(
    <Router hook={hook}>
      <Route path="/o/:token">
        <OrderStatusPage />
      </Route>
    </Router>,
  );
}

const receiptLink = () => screen.queryByRole('link', { name: /View receipt/ });

describe('the receipt link', () => {
  it('opens the receipt page in a new tab, with the status link’s token', () => {
    render(<ReceiptLink order={{ id: 42, status: 'completed' }} token={TOKEN} />);
    const link = screen.getByRole('link', {
      name: 'View receipt of order #42 (opens in a new tab)',
    });
    expect(link.getAttribute('href')).toBe(
      `/api/orders/42/receipt?token=${encodeURIComponent(TOKEN)}`,
    );
    expect(link.getAttribute('target')).toBe('_blank');
  });

  it('shows on the status page once the order is delivered, and not before', async () => {
    const delivered = renderStatusPage('completed');
    const link = await screen.findByRole('link', { name: /View receipt/ });
    expect(link.getAttribute('href')).toBe(
      `/api/orders/42/receipt?token=${encodeURIComponent(TOKEN)}`,
    );
    delivered.unmount();

    renderStatusPage('on the way');
    await screen.findByRole('heading', { name: 'Order #42' });
    expect(receiptLink()).toBeNull();
  });

  it('shows in the back office’s order details once handed over or voided, not before', () => {
    const order = {
      id: 7,
      status: 'completed',
      items: [],
      taxes: [],
      returns: [],
      idCheck: null,
    } as unknown as Order;
    const { rerender } = render(<OrderDetails order={order} />);
    expect(receiptLink()?.getAttribute('href')).toBe('/api/orders/7/receipt');
    rerender(<OrderDetails order={{ ...order, status: 'cancelled', voidReason: 'Called' }} />);
    expect(receiptLink()?.getAttribute('href')).toBe('/api/orders/7/receipt');
    expect(screen.getByText('Voided:')).toBeTruthy();
    rerender(<OrderDetails order={{ ...order, status: 'packed' }} />);
    expect(receiptLink()).toBeNull();
  });
});
