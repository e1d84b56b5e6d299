import { useSession } from '@web/api/get-session';
import { Spinner } from '@web/components/ui/spinner';
import { toast } from '@web/components/ui/toast';
import { useLogout } from '@web/features/auth/hooks/use-logout';
import { DealerDashboard } from '@web/features/dealer/components/dealer-dashboard';
import { DealerLayout } from '@web/features/dealer/components/dealer-layout';
import { SupportInboxPanel } from '@web/features/support-inbox/components/support-inbox-panel';
import { useAppMode } from '@web/lib/app-mode';
import {
  type ComponentType,
  type LazyExoticComponent,
  lazy,
  Suspense,
  useEffect,
  useRef,
} from 'react';
import { useLocation } from 'wouter';
import { paths } from '../paths';
import { PlaceholderPage } from './placeholder-page';

type PageModule = { default: ComponentType };

/**
 * Pages another engineer is building. import.meta.glob finds them when they
 * exist and yields nothing (instead of a build error) until they do.
 */
const pageModules = {
  ...import.meta.glob<PageModule>('../../features/schedule/components/schedule-manager-page.tsx'),
  ...import.meta.glob<PageModule>(
    '../../features/categories/components/category-management-page.tsx',
  ),
  ...import.meta.glob<PageModule>('../../features/inventory/components/inventory-management.tsx'),
};

function lazyPage(file: string): LazyExoticComponent<ComponentType> | null {
  const entry = Object.entries(pageModules).find(([path]) => path.endsWith(file));
  return entry ? lazy(entry[1]) : null;
}

const SchedulePage = lazyPage('/schedule-manager-page.tsx');
const CategoriesPage = lazyPage('/category-management-page.tsx');
const InventoryPanel = lazyPage('/inventory-management.tsx');

function DealerPage({
  path,
  title,
  username,
  onLogout,
}: {
  path: string;
  title: string;
  username: string | null;
  onLogout: () => void;
}) {
  const Page =
    path === paths.schedule ? SchedulePage : path === paths.categories ? CategoriesPage : null;
  if (path === paths.dealer) {
    return (
      <DealerDashboard
        username={username}
        onLogout={onLogout}
        inbox={<SupportInboxPanel />}
        inventory={
          InventoryPanel ? (
            <Suspense fallback={<Spinner label="Loading inventory..." />}>
              <InventoryPanel />
            </Suspense>
          ) : null
        }
      />
    );
  }
  if (!Page)
    return <PlaceholderPage title={title} text="This part of the back office is coming soon." />;
  return (
    <Suspense fallback={<Spinner />}>
      <Page />
    </Suspense>
  );
}

/**
 * The protected wrapper for /dealer, /schedule and /categories (spec §6): the
 * server session decides; without one the visitor is told and sent home.
 */
export default function DealerRoute({ title }: { title: string }) {
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
      <DealerPage path={location} title={title} username={username} onLogout={onLogout} />
    </DealerLayout>
  );
}
