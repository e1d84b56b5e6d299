import type { Permission } from '@shared/staff';
import { sessionMay, useSession } from '@web/api/get-session';
import { Button } from '@web/components/ui/button';
import { Spinner } from '@web/components/ui/spinner';
import { toast } from '@web/components/ui/toast';
import { useLogout } from '@web/features/auth/hooks/use-logout';
import { openLoginDialog } from '@web/features/auth/login-dialog-store';
import { DealerLayout } from '@web/features/dashboard/components/dealer-layout';
import { UnreportedBanner } from '@web/features/state-reporting/components/unreported-banner';
import { SupportInboxPanel } from '@web/features/support-inbox/components/support-inbox-panel';
import { useDocumentTitle } from '@web/hooks/use-document-title';
import { useAppMode } from '@web/lib/app-mode';
import { lazyComponent } from '@web/lib/lazy-component';
import { paths } from '@web/lib/paths';
import { LockKeyhole } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Link, useLocation } from 'wouter';
import { BACK_OFFICE_PAGES, backOfficePageAt, mayOpen } from '../back-office-pages';
import { DealerDashboard } from './dealer-dashboard';

const InventoryPanel = lazyComponent(
  () => import('@web/features/inventory/components/inventory-panel'),
  <Spinner label="Loading inventory..." />,
);

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
  const page = backOfficePageAt(path);
  const allowed = !page || mayOpen(page, may);
  useDocumentTitle(page && allowed ? page.title : 'Dealer Dashboard');
  if (!allowed) return <NotForYourRole />;
  if (!page?.Page) {
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

/** A staff page opened without a session: the login dialog is on this page. */
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
  const specPage = backOfficePageAt(location)?.inSpec ?? false;
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
    <DealerLayout
      pages={BACK_OFFICE_PAGES}
      username={username}
      role={session.data?.role}
      may={may}
      onLogout={onLogout}
    >
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
