import { ROLE_LABELS, STAFF_ROLES } from '@shared/staff';
import { useSession } from '@web/api/get-session';
import { useStaff } from '@web/api/get-staff';
import { PageLayout } from '@web/components/ui/page-layout';
import { Panel, type PanelHeading } from '@web/components/ui/panel';
import { WhenLoaded } from '@web/components/ui/when-loaded';
import { UserPlus, Users } from 'lucide-react';
import { AddStaffForm } from './add-staff-form';
import { StaffList } from './staff-list';

const TEAM: PanelHeading = {
  title: 'Team',
  description:
    'Changing a role, turning an account off or resetting a password signs that person out everywhere.',
  icon: <Users aria-hidden="true" className="h-5 w-5" />,
};

/**
 * The owner's Staff screen: who works at the shop, in which role, and who may
 * sign in. A new role, a disabled account or a reset password signs that person out at once.
 */
/** Where staff sign in: any page of the shop opens the login dialog for these. */
const staffSignInUrl = (path = '/dealer') =>
  typeof window === 'undefined' ? path : `${window.location.origin}${path}`;

export default function StaffPage() {
  const staff = useStaff();
  const session = useSession();
  return (
    <PageLayout
      title="Staff"
      description="Everyone who signs in to the back office, and what their role lets them do."
    >
      <Panel id="staff-members" {...TEAM}>
        <WhenLoaded query={staff} what="The staff list" placeholderClassName="h-40 w-full">
          {(members) => <StaffList staff={members} you={session.data?.username ?? null} />}
        </WhenLoaded>
      </Panel>
      <Panel
        id="staff-add"
        title="Add a staff member"
        description={`They sign in on the shop's site at ${staffSignInUrl()} (drivers at ${staffSignInUrl('/driver')}) with this username and password.`}
        icon={<UserPlus aria-hidden="true" className="h-5 w-5" />}
      >
        <AddStaffForm />
        <dl className="mt-4 grid gap-3 text-sm sm:grid-cols-2">
          {STAFF_ROLES.map((role) => (
            <div key={role} className="rounded-xl border border-line p-3">
              <dt className="font-semibold">{ROLE_LABELS[role].name}</dt>
              <dd className="text-muted">{ROLE_LABELS[role].description}</dd>
            </div>
          ))}
        </dl>
      </Panel>
    </PageLayout>
  );
}
