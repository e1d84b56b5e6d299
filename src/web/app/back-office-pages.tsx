import type { Permission } from '@shared/staff';
import { Spinner } from '@web/components/ui/spinner';
import type { MenuEntry } from '@web/features/dashboard/components/dealer-layout';
import { lazyComponent } from '@web/lib/lazy-component';
import { BACK_OFFICE_PATHS, type BackOfficePath, isBackOfficePath, paths } from '@web/lib/paths';
import {
  BarChart3,
  CalendarClock,
  FolderTree,
  History,
  Landmark,
  LayoutDashboard,
  Truck,
  Users,
} from 'lucide-react';
import type { ComponentType } from 'react';

/** One back-office page: where it lives, how the menu and the tab name it, who may open it. */
export interface BackOfficePage extends MenuEntry {
  /** the tab's title */
  title: string;
  /** one of the spec's own pages: without a session it sends the visitor home (spec §6) */
  inSpec: boolean;
  /** null for the dashboard, which the dealer route composes from the features' panels */
  Page: ComponentType | null;
}

// Static imports, so a moved or renamed page fails the build; each loads when first opened.
const lazyPage = (load: () => Promise<{ default: ComponentType }>) =>
  lazyComponent(load, <Spinner />);

/** Every back-office page, once: a path without its page here fails the typecheck. */
const PAGES = {
  [paths.dealer]: {
    label: 'Dashboard',
    title: 'Dealer Dashboard',
    icon: LayoutDashboard,
    permission: null,
    inSpec: true,
    Page: null,
  },
  [paths.driver]: {
    label: 'Deliveries',
    title: 'Your deliveries',
    icon: Truck,
    permission: 'deliveries',
    unlessAlso: 'orders.manage',
    inSpec: false,
    Page: lazyPage(() => import('@web/features/deliveries/components/deliveries-page')),
  },
  [paths.schedule]: {
    label: 'Schedule Manager',
    title: 'Schedule Manager',
    icon: CalendarClock,
    permission: 'schedule',
    inSpec: true,
    Page: lazyPage(() => import('@web/features/schedule/components/schedule-manager-page')),
  },
  [paths.categories]: {
    label: 'Category Manager',
    title: 'Category Management',
    icon: FolderTree,
    permission: 'catalog',
    inSpec: true,
    Page: lazyPage(() => import('@web/features/categories/components/category-management-page')),
  },
  [paths.staff]: {
    label: 'Staff',
    title: 'Staff',
    icon: Users,
    permission: 'staff',
    inSpec: false,
    Page: lazyPage(() => import('@web/features/staff/components/staff-page')),
  },
  [paths.reports]: {
    label: 'Reports',
    title: 'Reports',
    icon: BarChart3,
    permission: 'reports',
    inSpec: false,
    Page: lazyPage(() => import('@web/features/reports/components/reports-page')),
  },
  [paths.stateReporting]: {
    label: 'State reporting',
    title: 'State reporting',
    icon: Landmark,
    permission: 'state-reporting',
    inSpec: false,
    Page: lazyPage(() => import('@web/features/state-reporting/components/state-reporting-page')),
  },
  [paths.activity]: {
    label: 'Activity',
    title: 'Activity',
    icon: History,
    permission: 'audit',
    inSpec: false,
    Page: lazyPage(() => import('@web/features/activity/components/activity-page')),
  },
} satisfies Record<BackOfficePath, Omit<BackOfficePage, 'href'>>;

/** The pages in the menu's order: the router, the menu and the permission check read this list. */
export const BACK_OFFICE_PAGES: readonly BackOfficePage[] = BACK_OFFICE_PATHS.map((href) => ({
  href,
  ...PAGES[href],
}));

export const backOfficePageAt = (path: string): BackOfficePage | undefined =>
  isBackOfficePath(path) ? { href: path, ...PAGES[path] } : undefined;

export const mayOpen = (page: BackOfficePage, may: (permission: Permission) => boolean) =>
  !page.permission || may(page.permission);
