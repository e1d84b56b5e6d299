import { type Permission, ROLE_LABELS, type StaffRole } from '@shared/staff';
import { clsx } from 'clsx';
import { ChevronDown, LogOut, type LucideIcon, ShieldCheck } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { Link, useLocation } from 'wouter';

/** A back-office page as the menu lists it (the app layer's list of pages says which exist). */
export interface MenuEntry {
  href: string;
  label: string;
  icon: LucideIcon;
  /** null: every member of staff */
  permission: Permission | null;
  /** not listed for roles that also have this (they see every order on the dashboard) */
  unlessAlso?: Permission;
}

/**
 * The dealer area frame (spec §2.2): a sidebar with Dashboard, Schedule Manager, Category
 * Manager and Staff (those the role may use) beside the page; on phones it folds into a menu.
 */
export function DealerLayout({
  pages,
  username,
  role,
  may,
  onLogout,
  children,
}: {
  pages: readonly MenuEntry[];
  username: string | null;
  role: StaffRole | undefined;
  may: (permission: Permission) => boolean;
  onLogout: () => void;
  children: ReactNode;
}) {
  const [location] = useLocation();
  const [open, setOpen] = useState(false);
  const links = pages.filter(
    (page) =>
      (!page.permission || may(page.permission)) && !(page.unlessAlso && may(page.unlessAlso)),
  );
  const current = links.find((link) => link.href === location) ?? links[0]!;

  const nav = (
    <nav aria-label="Dealer" className="flex flex-col gap-1">
      {links.map(({ href, label, icon: Icon }) => {
        const active = href === location;
        return (
          <Link
            key={href}
            href={href}
            aria-current={active ? 'page' : undefined}
            onClick={() => setOpen(false)}
            className={clsx(
              'flex h-11 items-center gap-3 rounded-xl px-3 text-sm font-medium transition-colors',
              active ? 'bg-primary/10 font-semibold text-primary' : 'text-fg hover:bg-surface-2',
            )}
          >
            <Icon aria-hidden="true" className="h-5 w-5" />
            {label}
          </Link>
        );
      })}
    </nav>
  );

  const account = (
    <div className="flex flex-col gap-2 border-t border-line pt-3">
      <p className="flex items-center gap-2 px-3 text-xs text-muted">
        <ShieldCheck aria-hidden="true" className="h-4 w-4 text-primary" />
        <span className="min-w-0">
          <span className="block truncate">Signed in as {username ?? 'dealer'}</span>
          {role && <span className="block font-semibold">{ROLE_LABELS[role].name}</span>}
        </span>
      </p>
      <button
        type="button"
        onClick={onLogout}
        className="flex h-11 items-center gap-3 rounded-xl px-3 text-sm font-medium text-muted transition-colors hover:bg-surface-2 hover:text-fg"
      >
        <LogOut aria-hidden="true" className="h-5 w-5" />
        Logout
      </button>
    </div>
  );

  return (
    <div className="flex flex-col gap-4 lg:grid lg:grid-cols-[15rem_minmax(0,1fr)] lg:items-start lg:gap-8">
      {/* phones and tablets: a collapsible menu */}
      <div className="rounded-2xl border border-line bg-surface lg:hidden">
        <button
          type="button"
          aria-expanded={open}
          aria-controls="dealer-nav-mobile"
          onClick={() => setOpen((v) => !v)}
          className="flex h-12 w-full items-center gap-3 px-4 text-left text-sm font-semibold"
        >
          <current.icon aria-hidden="true" className="h-5 w-5 text-primary" />
          <span className="flex-1">
            <span className="sr-only">Dealer menu: </span>
            {current.label}
          </span>
          <ChevronDown
            aria-hidden="true"
            className={clsx('h-5 w-5 transition-transform', open && 'rotate-180')}
          />
        </button>
        {open && (
          <div id="dealer-nav-mobile" className="flex flex-col gap-3 border-t border-line p-2">
            {nav}
            {account}
          </div>
        )}
      </div>
      {/* desktop: a sticky sidebar */}
      <aside className="sticky top-20 hidden flex-col gap-3 rounded-2xl border border-line bg-surface p-3 lg:flex">
        <p className="px-3 pt-1 text-xs font-semibold tracking-wider text-muted uppercase">
          Back office
        </p>
        {nav}
        {account}
      </aside>
      <div className="min-w-0">{children}</div>
    </div>
  );
}
