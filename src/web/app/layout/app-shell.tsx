import { Spinner } from '@web/components/ui/spinner';
import { Toaster } from '@web/components/ui/toast';
import { AgeGate } from '@web/features/age-gate/components/age-gate';
import { useDealerLogin } from '@web/features/auth/components/dealer-login';
import { useSignedInDealer } from '@web/features/auth/hooks/use-signed-in-dealer';
import { useCartCount } from '@web/features/cart/cart-store';
import { chatStore } from '@web/features/chat/chat-store';
import { useAppMode } from '@web/lib/app-mode';
import { useStore } from '@web/lib/create-store';
import { lazyComponent } from '@web/lib/lazy-component';
import { paths } from '@web/lib/paths';
import { type ReactNode, useEffect, useState } from 'react';
import { useLocation } from 'wouter';
import { RealtimeBridge } from '../realtime-bridge';
import { FloatingCartButton } from './floating-cart-button';
import { Footer } from './footer';
import { Header } from './header';
import { RouteAnnouncer } from './route-announcer';

const SearchDialog = lazyComponent(
  () => import('@web/features/search/components/search-dialog'),
  <OverlayFallback />,
);
const ProductMenu = lazyComponent(
  () => import('@web/features/product-menu/components/product-menu'),
  <OverlayFallback />,
);
const SideMenu = lazyComponent(() => import('./side-menu'));
const ChatWidget = lazyComponent(() => import('@web/features/chat/components/chat-widget'));

type Overlay = 'none' | 'menu' | 'search' | 'product-menu';

export function AppShell({ children }: { children: ReactNode }) {
  const [location, navigate] = useLocation();
  const mode = useAppMode();
  const cartCount = useCartCount();
  const [overlay, setOverlay] = useState<Overlay>('none');
  // keep lazily loaded overlays mounted after first use so closing can animate
  const [loaded, setLoaded] = useState({ menu: false, search: false, productMenu: false });
  const dealerMode = mode === 'dealer';
  // a signed-in dealer browsing the shop keeps a way back to the back office (spec §2.1)
  const dealerBrowsing = useSignedInDealer() && !dealerMode;
  const dealerLogin = useDealerLogin();
  // the widget's code comes once the page is idle, or at once when a launcher opens the chat
  const idle = useAfterFirstPaint();
  const chatOpened = useStore(chatStore).open;
  const chatReady = idle || chatOpened;

  const open = (next: Overlay) => {
    if (next === 'menu') setLoaded((l) => ({ ...l, menu: true }));
    if (next === 'search') setLoaded((l) => ({ ...l, search: true }));
    if (next === 'product-menu') setLoaded((l) => ({ ...l, productMenu: true }));
    setOverlay(next);
  };
  const close = () => setOverlay('none');
  const openProduct = (href: string) => {
    close();
    navigate(href);
  };

  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only z-50 rounded-lg bg-primary px-4 py-2 text-primary-fg focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        Skip to content
      </a>
      <Header
        cartCount={cartCount}
        onMenu={() => open('menu')}
        onMenuIntent={() => void SideMenu.preload()}
        onSearch={dealerMode ? undefined : () => open('search')}
        onSearchIntent={() => void SearchDialog.preload()}
        showDashboardLink={dealerBrowsing}
        showChat={!dealerMode}
      />
      {/* at least a screen tall, so lazy pages arriving never push the footer around (CLS) */}
      {/* focusable by script only, so the skip link lands here and Tab goes on from the content */}
      <main
        id="main"
        tabIndex={-1}
        className="mx-auto min-h-dvh w-full max-w-7xl flex-1 px-4 py-4 focus:outline-none sm:py-6"
      >
        {children}
      </main>
      <Footer onLogoClick={dealerLogin.onLogoClick} />
      {!dealerMode && location !== paths.cart && <FloatingCartButton count={cartCount} />}

      {loaded.menu && (
        <SideMenu
          open={overlay === 'menu'}
          onClose={close}
          cartCount={cartCount}
          dealerMode={dealerMode}
          showDashboardLink={dealerBrowsing}
          onProductMenu={() => open('product-menu')}
          onProductMenuIntent={() => void ProductMenu.preload()}
        />
      )}
      {loaded.search && (
        <SearchDialog open={overlay === 'search'} onClose={close} onOpenProduct={openProduct} />
      )}
      {loaded.productMenu && (
        <ProductMenu
          open={overlay === 'product-menu'}
          onClose={close}
          onOpenProduct={openProduct}
        />
      )}
      <RealtimeBridge />
      <RouteAnnouncer />
      {chatReady && !dealerMode && <ChatWidget />}
      {dealerLogin.dialog}
      <AgeGate />
      <Toaster />
    </div>
  );
}

function OverlayFallback() {
  return (
    <div className="fixed inset-0 z-50 grid place-items-center bg-black/50">
      <Spinner />
    </div>
  );
}

/** True once the browser is idle after the first paint: the chat is not needed before that. */
function useAfterFirstPaint(): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    const timer = window.setTimeout(() => setReady(true), 2000);
    return () => window.clearTimeout(timer);
  }, []);
  return ready;
}
