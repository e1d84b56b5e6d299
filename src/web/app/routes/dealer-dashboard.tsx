import type { Permission } from '@shared/staff';
import { useQueryClient } from '@tanstack/react-query';
import { productKeys } from '@web/api/get-products';
import { promotionKeys } from '@web/api/get-promotions';
import { Button, buttonClasses } from '@web/components/ui/button';
import { PageHeader } from '@web/components/ui/page-header';
import { Panel } from '@web/components/ui/panel';
import { CompliancePanel } from '@web/features/compliance/components/compliance-panel';
import { DeliveryZonesPanel } from '@web/features/compliance/components/delivery-zones-panel';
import { OrderLimitsPanel } from '@web/features/compliance/components/order-limits-panel';
import { ScheduleStatsRow, SummaryCards } from '@web/features/dashboard/components/dashboard-stats';
import { FeaturedPanel } from '@web/features/featured/components/featured-panel';
import { OrdersPanel } from '@web/features/order-management/components/orders-panel';
import { PromotionsPanel } from '@web/features/promotions/components/promotions-panel';
import { StoreProfilePanel } from '@web/features/store-profile/components/store-profile-panel';
import { paths } from '@web/lib/paths';
import { LogOut, Truck } from 'lucide-react';
import { type ReactNode, useEffect } from 'react';
import { Link } from 'wouter';

const SECTIONS = {
  inbox: 'dealer-support-inbox',
  settings: 'dealer-store-profile',
  orders: 'dealer-orders',
  products: 'dealer-products',
  featured: 'dealer-featured',
  promotions: 'dealer-promotions',
} as const;

/**
 * The dashboard's sections, one tap away: on a phone the owner's dashboard
 * is many screens long, so a row of links jumps to each part the role may use.
 */
function SectionLinks({ may }: { may: (permission: Permission) => boolean }) {
  const links = [
    { href: SECTIONS.inbox, label: 'Inbox', shown: may('support') },
    { href: SECTIONS.orders, label: 'Orders', shown: may('orders.read') },
    { href: SECTIONS.products, label: 'Products', shown: may('catalog') },
    { href: SECTIONS.promotions, label: 'Promotions', shown: may('promotions') },
    { href: SECTIONS.settings, label: 'Shop settings', shown: may('settings') },
  ].filter((link) => link.shown);
  if (links.length < 2) return null;
  return (
    <nav aria-label="Dashboard sections" className="-mx-1 overflow-x-auto px-1">
      <ul className="flex gap-2">
        {links.map((link) => (
          <li key={link.href}>
            <a
              href={`#${link.href}`}
              className="inline-flex h-10 items-center rounded-full border border-line bg-surface px-4 text-sm font-semibold whitespace-nowrap hover:border-primary hover:text-primary"
            >
              {link.label}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** A driver's dashboard points to the stops. */
function DriverWelcome() {
  return (
    <Panel
      id="dealer-deliveries"
      title="Your deliveries"
      description="Orders a dispatcher assigns to you, in the order of your stops."
      icon={<Truck aria-hidden="true" className="h-5 w-5" />}
    >
      <Link href={paths.driver} className={buttonClasses('primary', 'lg')}>
        Open your deliveries
      </Link>
    </Panel>
  );
}

/**
 * Spec §2.10: the dealer's home. `inventory` is the Inventory Management panel
 * built in features/inventory, composed in by the route when it exists.
 */
export function DealerDashboard({
  inventory,
  inbox,
  username,
  may,
  onLogout,
}: {
  inventory?: ReactNode;
  /** the support inbox (live chats, contact messages), composed in by the route; near the top, shoppers wait on it */
  inbox?: ReactNode;
  username: string | null;
  /** what the signed-in role may do: each panel shows only to those who can use it */
  may: (permission: Permission) => boolean;
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
      <PageHeader
        title="Dealer Dashboard"
        description={
          <>
            Welcome back{username ? `, ${username}` : ''}.{' '}
            {may('catalog')
              ? 'Orders, products and promotions at a glance.'
              : 'Here is what your role looks after.'}
          </>
        }
        actions={
          <Button variant="outline" size="sm" onClick={onLogout} className="mt-1">
            <LogOut aria-hidden="true" className="h-4 w-4" />
            Logout
          </Button>
        }
      />
      <SectionLinks may={may} />
      {may('orders.read') && may('catalog') && (
        <SummaryCards
          targets={{
            orders: SECTIONS.orders,
            products: SECTIONS.products,
            promotions: SECTIONS.promotions,
          }}
        />
      )}
      {may('schedule') && <ScheduleStatsRow />}
      {may('support') && inbox}
      {may('orders.read') && <OrdersPanel id={SECTIONS.orders} readOnly={!may('orders.manage')} />}
      {may('catalog') && (
        <div id={SECTIONS.products} className="flex scroll-mt-24 flex-col gap-5 sm:gap-6">
          {inventory}
          <FeaturedPanel id={SECTIONS.featured} />
        </div>
      )}
      {may('promotions') && <PromotionsPanel id={SECTIONS.promotions} />}
      {may('settings') && (
        <>
          <StoreProfilePanel id={SECTIONS.settings} />
          <CompliancePanel id="dealer-compliance" />
          <OrderLimitsPanel id="dealer-order-limits" />
          <DeliveryZonesPanel id="dealer-delivery-zones" />
        </>
      )}
      {may('deliveries') && !may('orders.read') && <DriverWelcome />}
    </div>
  );
}
