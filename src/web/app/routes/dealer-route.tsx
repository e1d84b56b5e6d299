import { useSession } from '@web/api/get-session';
import { Spinner } from '@web/components/ui/spinner';
import { toast } from '@web/components/ui/toast';
import { useLogout } from '@web/features/auth/hooks/use-logout';
import { DealerDashboard } from '@web/features/dashboard/components/dealer-dashboard';
import { DealerLayout } from '@web/features/dashboard/components/dealer-layout';
import { SupportInboxPanel } from '@web/features/support-inbox/components/support-inbox-panel';
import { useDocumentTitle } from '@web/hooks/use-document-title';
import { useAppMode } from '@web/lib/app-mode';
import { lazyComponent } from '@web/lib/lazy-component';
import { useEffect, useRef } from 'react';
import { useLocation } from 'wouter';
import { paths } from '../paths';

// Static imports, so a moved or renamed page fails the build.
const SchedulePage = lazyComponent(
  () => import('@web/features/schedule/components/schedule-manager-page'),
  <Spinner />,
);
const CategoriesPage = lazyComponent(
  () => import('@web/features/categories/components/category-management-page'),
  <Spinner />,
);
const InventoryPanel = lazyComponent(
  () => import('@web/features/inventory/components/inventory-panel'),
  <Spinner label="Loading inventory..." />,
);

function DealerPage({
  path,
  username,
  onLogout,
}: {
  path: string;
  username: string | null;
  onLogout: () => void;
}) {
  const Page =
    path === paths.schedule ? SchedulePage : path === paths.categories ? CategoriesPage : null;
  useDocumentTitle(
    path === paths.schedule
      ? 'Schedule Manager'
      : path === paths.categories
        ? 'Category Management'
        : 'Dealer Dashboard',
  );
  if (!Page) {
    return (
      <DealerDashboard
        username={username}
        onLogout={onLogout}
        inbox={<SupportInboxPanel />}
        inventory={<InventoryPanel />}
      />
    );
  }
  return <Page />;
}

/**
 * The protected wrapper for /dealer, /schedule and /categories (spec §6): the
 * server session decides; without one the visitor is told and sent home.
 */
export default function DealerRoute() {
  const [location, navigate] = useLocation();
  const session = useSession();
  const mode = useAppMode();
  const logout = useLogout();
  const denied = useRef(false);
  const authenticated = session.data?.authenticated === true;
  const refused = session.isError || (session.isSuccess && !authenticated);

  useEffect(() => {
    if (!refused || denied.current) return;
    denied.current = true;
    toast({ title: 'Access Denied', description: 'You must log in to access this page' });
    navigate(paths.home, { replace: true });
  }, [refused, navigate]);

  if (session.isPending) return <Spinner label="Checking access..." />;
  if (!authenticated) return null;
  if (mode !== 'dealer') return <Spinner label="Switching to dealer mode..." />;

  const username = session.data?.username ?? null;
  const onLogout = () => void logout();
  return (
    <DealerLayout username={username} onLogout={onLogout}>
      <DealerPage path={location} username={username} onLogout={onLogout} />
    </DealerLayout>
  );
}
