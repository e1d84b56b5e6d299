import { TIMERS } from '@shared/constants';
import { CloseButton } from '@web/components/ui/icon-button';
import { Modal } from '@web/components/ui/modal';
import { useLogout } from '@web/features/auth/hooks/use-logout';
import { StrainFilterMenu } from '@web/features/storefront/components/strain-filter-menu';
import { ThemePicker } from '@web/features/theme/theme-picker';
import { paths } from '@web/lib/paths';
import { CalendarClock, Home, LayoutDashboard, List, LogOut, ShoppingCart } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { cartBadgeText } from './cart-badge';

const itemClasses =
  'flex h-12 w-full items-center gap-3 rounded-xl px-3 text-left font-medium transition-colors hover:bg-surface-2';

function MenuLink({
  href,
  icon,
  children,
  onNavigate,
}: {
  href: string;
  icon: ReactNode;
  children: ReactNode;
  onNavigate: () => void;
}) {
  return (
    <Link href={href} className={itemClasses} onClick={onNavigate}>
      {icon}
      {children}
    </Link>
  );
}

/** Spec §2.2: the side panel, sliding in from the right (20rem, 300 ms close). */
export function SideMenu({
  open,
  onClose,
  cartCount,
  dealerMode,
  showDashboardLink = false,
  onProductMenu,
  onProductMenuIntent,
}: {
  open: boolean;
  onClose: () => void;
  cartCount: number;
  dealerMode: boolean;
  /** a signed-in dealer browsing the shop gets a way back */
  showDashboardLink?: boolean;
  onProductMenu: () => void;
  onProductMenuIntent: () => void;
}) {
  const logout = useLogout();
  return (
    <Modal
      open={open}
      onClose={onClose}
      variant="right"
      closeMs={TIMERS.sidebarCloseMs}
      labelledBy="side-menu-title"
    >
      <div className="flex h-full flex-col overflow-y-auto border-l border-line bg-surface">
        <div className="flex items-center justify-between border-b border-line px-4 py-3">
          <h2 id="side-menu-title" className="text-lg font-bold">
            Menu
          </h2>
          <CloseButton label="Close menu" onClick={onClose} />
        </div>
        <nav aria-label="Main" className="flex flex-col gap-1 p-3">
          <MenuLink
            href={paths.home}
            icon={<Home aria-hidden="true" className="h-5 w-5" />}
            onNavigate={onClose}
          >
            Home
          </MenuLink>
          {showDashboardLink && (
            <MenuLink
              href={paths.dealer}
              icon={<LayoutDashboard aria-hidden="true" className="h-5 w-5" />}
              onNavigate={onClose}
            >
              Back to Dealer Dashboard
            </MenuLink>
          )}
          {dealerMode && (
            <>
              <MenuLink
                href={paths.dealer}
                icon={<LayoutDashboard aria-hidden="true" className="h-5 w-5" />}
                onNavigate={onClose}
              >
                Dashboard
              </MenuLink>
              <MenuLink
                href={paths.schedule}
                icon={<CalendarClock aria-hidden="true" className="h-5 w-5" />}
                onNavigate={onClose}
              >
                Schedule Manager
              </MenuLink>
            </>
          )}
          <button
            type="button"
            className={itemClasses}
            onClick={onProductMenu}
            onPointerEnter={onProductMenuIntent}
            onFocus={onProductMenuIntent}
          >
            <List aria-hidden="true" className="h-5 w-5" />
            Product Menu
          </button>
          <MenuLink
            href={paths.cart}
            icon={<ShoppingCart aria-hidden="true" className="h-5 w-5" />}
            onNavigate={onClose}
          >
            <span className="flex-1">Cart</span>
            <span
              data-testid="menu-cart-count"
              className="grid h-7 min-w-7 place-items-center rounded-full bg-primary px-2 text-xs font-bold text-primary-fg"
            >
              {cartBadgeText(cartCount)}
            </span>
          </MenuLink>
        </nav>
        <div className="flex flex-col gap-6 border-t border-line p-4">
          <ThemePicker />
          {!dealerMode && <StrainFilterMenu />}
        </div>
        {dealerMode && (
          <div className="mt-auto border-t border-line p-3">
            <button
              type="button"
              className={itemClasses}
              onClick={() => {
                onClose();
                void logout();
              }}
            >
              <LogOut aria-hidden="true" className="h-5 w-5" />
              Logout
            </button>
          </div>
        )}
      </div>
    </Modal>
  );
}

export default SideMenu;
