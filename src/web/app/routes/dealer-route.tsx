import type { Permission } from '@shared/staff';
import { sessionMay, useSession } from '@web/api/get-session';
import { Button } from '@web/components/ui/button';
import { Spinner } from '@web/components/ui/spinner';
import { toast } from '@web/components/ui/toast';
import { useLogout } from '@web/features/auth/hooks/use-logout';
import { openLoginDialog } from '@web/features/auth/login-dialog-store';
import { DealerDashboard } from '@web/features/dashboard/components/dealer-dashboard';
import { BACK_OFFICE_PAGES, DealerLayout } from '@web/features/dashboard/components/dealer-layout';
import { UnreportedBanner } from '@web/features/state-reporting/components/unreported-banner';
import { SupportInboxPanel } from '@web/features/support-inbox/components/support-inbox-panel';
import { useDocumentTitle } from '@web/hooks/use-document-title';
import { useAppMode } from '@web/lib/app-mode';
import { lazyComponent } from '@web/lib/lazy-component';
import { LockKeyhole } from 'lucide-react';
import { type ComponentType, useEffect, useRef } from 'react';
import { Link, useLocation } from 'wouter';
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
const StaffPage = lazyComponent(
  () => import('@web/features/staff/components/staff-page'),
  <Spinner />,
);
const ActivityPage = lazyComponent(
  () => import('@web/features/activity/components/activity-page'),
  <Spinner />,
);
const ReportsPage = lazyComponent(
  () => import('@web/features/reports/components/reports-page'),
  <Spinner />,
);
const StateReportingPage = lazyComponent(
  () => import('@web/features/state-reporting/components/state-reporting-page'),
  <Spinner />,
);
const DeliveriesPage = lazyComponent(
  () => import('@web/features/deliveries/components/deliveries-page'),
  <Spinner />,
);
const InventoryPanel = lazyComponent(
  () => import('@web/features/inventory/components/inventory-panel'),
  <Spinner label="Loading inventory..." />,
);

const PAGES: Record<string, { Page: ComponentType; title: string }> = {
  [paths.schedule]: { Page: SchedulePage, title: 'Schedule Manager' },
  [paths.categories]: { Page: CategoriesPage, title: 'Category Management' },
  [paths.staff]: { Page: StaffPage, title: 'Staff' },
  [paths.activity]: { Page: ActivityPage, title: 'Activity' },
  [paths.reports]: { Page: ReportsPage, title: 'Reports' },
  [paths.stateReporting]: { Page: StateReportingPage, title: 'State reporting' },
  [paths.driver]: { Page: DeliveriesPage, title: 'Your deliveries' },
};

function DealerPage({
  path,
  username,
  may,
  onLogout,
}: {
  path: string;
  username: string | null;
  may: (permission: Permission) => boolean;
  onLogout: () => void;
}) {
  const page = PAGES[path];
  const permission = BACK_OFFICE_PAGES.find((p) => p.href === path)?.permission;
  const allowed = !permission || may(permission);
  useDocumentTitle(page && allowed ? page.title : 'Dealer Dashboard');
  if (page && !allowed) return <NotForYourRole />;
  if (!page) {
    return (
      <DealerDashboard
        username={username}
        may={may}
        onLogout={onLogout}
        inbox={<SupportInboxPanel id="dealer-support-inbox" />}
        inventory={<InventoryPanel />}
      />
    );
  }
  return <page.Page />;
}

/** The spec's own back-office pages (spec §2.1, §6); the others are staff pages it never had. */
const SPEC_PAGES: string[] = [paths.dealer, paths.schedule, paths.categories];

/** A staff page opened without a session: the login dialog is on this page (issue 36 item 5). */
function StaffSignIn({ stayOn }: { stayOn: string }) {
  useDocumentTitle('Staff sign-in');
  return (
    <section
      aria-labelledby="staff-sign-in-title"
      className="mx-auto flex w-full max-w-md flex-col items-start gap-3 rounded-2xl border border-line bg-surface p-6"
    >
      <LockKeyhole aria-hidden="true" className="h-8 w-8 text-primary" />
      <h1 id="staff-sign-in-title" className="text-xl font-bold">
        Staff sign-in
      </h1>
      <p className="text-sm text-muted">
        This page is for the shop's staff. Sign in with the username and password the owner gave
        you.
      </p>
      <Button onClick={() => openLoginDialog(stayOn)}>Sign in</Button>
    </section>
  );
}

function NotForYourRole() {
  return (
    <div
      role="alert"
      className="flex flex-col items-start gap-3 rounded-2xl border border-line bg-surface p-6"
    >
      <h1 className="text-xl font-bold">Not part of your role</h1>
      <p className="text-sm text-muted">Ask the shop's owner if you need this page.</p>
      <Link href={paths.dealer} className="text-sm font-semibold text-primary underline">
        Back to the dashboard
      </Link>
    </div>
  );
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

  // spec §6: the spec's back-office pages send a visitor home; the login dialog opens there
  const specPage = SPEC_PAGES.includes(location);
  useEffect(() => {
    if (!refused || denied.current) return;
    denied.current = true;
    if (!specPage) return openLoginDialog(location);
    toast({ title: 'Access Denied', description: 'You must log in to access this page' });
    navigate(paths.home, { replace: true });
    openLoginDialog();
  }, [refused, navigate, specPage, location]);

  if (session.isPending) return <Spinner label="Checking access..." />;
  if (!authenticated) return refused && !specPage ? <StaffSignIn stayOn={location} /> : null;
  if (mode !== 'dealer') return <Spinner label="Switching to dealer mode..." />;

  const username = session.data?.username ?? null;
  const may = (permission: Permission) => sessionMay(session.data, permission);
  const onLogout = () => void logout();
  return (
    <DealerLayout username={username} role={session.data?.role} may={may} onLogout={onLogout}>
      <UnreportedBanner enabled={may('state-reporting')} />
      <DealerPage
        path={location}
        username={session.data?.firstName ?? username}
        may={may}
        onLogout={onLogout}
      />
    </DealerLayout>
  );
}
