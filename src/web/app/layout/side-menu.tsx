import { TIMERS } from '@shared/constants';
import { CloseButton } from '@web/components/ui/icon-button';
import { Modal } from '@web/components/ui/modal';
import { useLogout } from '@web/features/auth/hooks/use-logout';
import { StrainFilterMenu } from '@web/features/storefront/components/strain-filter-menu';
import { ThemePicker } from '@web/features/theme/theme-picker';
import { intentProps } from '@web/lib/intent';
import { paths } from '@web/lib/paths';
import {
  CalendarClock,
  Home,
  LayoutDashboard,
  List,
  LogOut,
  type LucideIcon,
  ShoppingCart,
} from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { CartBadge } from './cart-badge';

const itemClasses =
  'flex h-12 w-full items-center gap-3 rounded-xl px-3 text-left font-medium transition-colors hover:bg-surface-2';

function MenuLink({
  href,
  icon: Icon,
  children,
  onNavigate,
}: {
  href: string;
  icon: LucideIcon;
  children: ReactNode;
  onNavigate: () => void;
}) {
  return (
    <Link href={href} className={itemClasses} onClick={onNavigate}>
      <Icon aria-hidden="true" className="h-5 w-5" />
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
          <MenuLink href={paths.home} icon={Home} onNavigate={onClose}>
            Home
          </MenuLink>
          {showDashboardLink && (
            <MenuLink href={paths.dealer} icon={LayoutDashboard} onNavigate={onClose}>
              Back to Dealer Dashboard
            </MenuLink>
          )}
          {dealerMode && (
            <>
              <MenuLink href={paths.dealer} icon={LayoutDashboard} onNavigate={onClose}>
                Dashboard
              </MenuLink>
              <MenuLink href={paths.schedule} icon={CalendarClock} onNavigate={onClose}>
                Schedule Manager
              </MenuLink>
            </>
          )}
          <button
            type="button"
            className={itemClasses}
            onClick={onProductMenu}
            {...intentProps(onProductMenuIntent)}
          >
            <List aria-hidden="true" className="h-5 w-5" />
            Product Menu
          </button>
          <MenuLink href={paths.cart} icon={ShoppingCart} onNavigate={onClose}>
            <span className="flex-1">Cart</span>
            <CartBadge
              count={cartCount}
              testId="menu-cart-count"
              className="bg-primary px-2 text-primary-fg"
            />
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
