import { ChatHeaderButton } from '@web/features/chat/components/chat-header-button';
import { intentProps } from '@web/lib/intent';
import { paths } from '@web/lib/paths';
import { LayoutDashboard, Menu, Search } from 'lucide-react';
import { Link } from 'wouter';
import { LogoMark } from './logo';

const iconButton =
  'relative grid h-11 w-11 place-items-center rounded-xl text-fg transition-colors hover:bg-surface-2';

export function Header({
  onSearch,
  onSearchIntent,
  onMenu,
  onMenuIntent,
  cartCount,
  showDashboardLink = false,
  showChat = false,
}: {
  /** absent when search is not available (dealer mode) */
  onSearch?: () => void;
  onSearchIntent?: () => void;
  onMenu: () => void;
  onMenuIntent?: () => void;
  cartCount: number;
  /** a signed-in dealer browsing the shop */
  showDashboardLink?: boolean;
  /**
   * a shopper's page: the chat's launcher for phone pages with a bottom bar, drawn with the page
   * so that it does not push the header's buttons aside when the chat's code arrives (CLS)
   */
  showChat?: boolean;
}) {
  return (
    <header className="sticky top-0 z-30 border-b border-line bg-bg/85 backdrop-blur-md">
      <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-2 px-4">
        <Link href={paths.home} aria-label="Canopy home" className="rounded-xl">
          <LogoMark />
        </Link>
        <div className="flex items-center gap-1">
          {showDashboardLink && (
            <Link
              href={paths.dealer}
              className="flex h-11 items-center gap-2 rounded-xl px-3 text-sm font-semibold text-primary hover:bg-surface-2"
            >
              <LayoutDashboard aria-hidden="true" className="h-5 w-5" />
              <span className="sr-only sm:not-sr-only">Dashboard</span>
              <span className="sr-only">(dealer back office)</span>
            </Link>
          )}
          {onSearch && (
            <button
              type="button"
              className={iconButton}
              onClick={onSearch}
              {...intentProps(onSearchIntent)}
              aria-label="Search products"
            >
              <Search aria-hidden="true" className="h-5 w-5" />
            </button>
          )}
          {showChat && <ChatHeaderButton className={iconButton} />}
          <button
            type="button"
            className={iconButton}
            onClick={onMenu}
            {...intentProps(onMenuIntent)}
            aria-label={cartCount > 0 ? `Open menu (${cartCount} in cart)` : 'Open menu'}
            aria-haspopup="dialog"
          >
            <Menu aria-hidden="true" className="h-6 w-6" />
            {cartCount > 0 && (
              <span
                aria-hidden="true"
                className="absolute top-2 right-2 h-2.5 w-2.5 rounded-full bg-primary ring-2 ring-bg"
              />
            )}
          </button>
        </div>
      </div>
    </header>
  );
}
