import { useQueryClient } from '@tanstack/react-query';
import { productKeys } from '@web/api/get-products';
import { promotionKeys } from '@web/api/get-promotions';
import { Button } from '@web/components/ui/button';
import { CompliancePanel } from '@web/features/compliance/components/compliance-panel';
import { DeliveryZonesPanel } from '@web/features/compliance/components/delivery-zones-panel';
import { FeaturedPanel } from '@web/features/featured/components/featured-panel';
import { OrdersPanel } from '@web/features/order-management/components/orders-panel';
import { PromotionsPanel } from '@web/features/promotions/components/promotions-panel';
import { StoreProfilePanel } from '@web/features/store-profile/components/store-profile-panel';
import { LogOut } from 'lucide-react';
import { type ReactNode, useEffect } from 'react';
import { ScheduleStatsRow, SummaryCards } from './dashboard-stats';

const SECTIONS = {
  orders: 'dealer-orders',
  products: 'dealer-products',
  featured: 'dealer-featured',
  promotions: 'dealer-promotions',
} as const;

/**
 * Spec §2.10: the dealer's home. `inventory` is the Inventory Management panel
 * built in features/inventory, composed in by the route when it exists.
 */
export function DealerDashboard({
  inventory,
  inbox,
  username,
  onLogout,
}: {
  inventory?: ReactNode;
  /** the support inbox (live chats, contact messages), composed in by the route; near the top, shoppers wait on it */
  inbox?: ReactNode;
  username: string | null;
  onLogout: () => void;
}) {
  const queryClient = useQueryClient();
  // dealer data changes while the shop runs: read it fresh when the dashboard opens
  useEffect(() => {
    void queryClient.invalidateQueries({ queryKey: productKeys.all, exact: true });
    void queryClient.invalidateQueries({ queryKey: promotionKeys.all, exact: true });
  }, [queryClient]);

  return (
    <div className="flex flex-col gap-5 sm:gap-6">
      <header className="flex items-start justify-between gap-4">
        <div className="flex min-w-0 flex-col gap-1">
          <h1 className="text-2xl font-bold sm:text-3xl">Dealer Dashboard</h1>
          <p className="text-sm text-muted">
            Welcome back{username ? `, ${username}` : ''}. Orders, products and promotions at a
            glance.
          </p>
        </div>
        <Button variant="outline" size="sm" onClick={onLogout} className="mt-1">
          <LogOut aria-hidden="true" className="h-4 w-4" />
          Logout
        </Button>
      </header>
      <SummaryCards
        targets={{
          orders: SECTIONS.orders,
          products: SECTIONS.products,
          promotions: SECTIONS.promotions,
        }}
      />
      <ScheduleStatsRow />
      {inbox}
      <OrdersPanel id={SECTIONS.orders} />
      <div id={SECTIONS.products} className="flex scroll-mt-24 flex-col gap-5 sm:gap-6">
        {inventory}
        <FeaturedPanel id={SECTIONS.featured} />
      </div>
      <PromotionsPanel id={SECTIONS.promotions} />
      <StoreProfilePanel id="dealer-store-profile" />
      <CompliancePanel id="dealer-compliance" />
      <DeliveryZonesPanel id="dealer-delivery-zones" />
    </div>
  );
}
