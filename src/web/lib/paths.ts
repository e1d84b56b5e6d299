import type { StaffRole } from '@shared/staff';

/**
 * Every route path of the shop (spec §2.1). Pure constants: the one app-layer
 * module features may import, so links never drift from the router.
 */
export const paths = {
  home: '/',
  cart: '/cart',
  orders: '/orders',
  thankYou: '/thank-you',
  productById: '/product/:id',
  productByAddress: '/product/:category/:subcategory/:name',
  productByAddressWithStrain: '/product/:category/:subcategory/:strain/:name',
  dealer: '/dealer',
  schedule: '/schedule',
  categories: '/categories',
  staff: '/staff',
  activity: '/activity',
  reports: '/reports',
  stateReporting: '/state-reporting',
  driver: '/driver',
  orderStatus: '/o/:token',
} as const;

/** The back-office pages, in the menu's order (the app layer's back-office-pages.tsx describes each). */
export const BACK_OFFICE_PATHS = [
  paths.dealer,
  paths.driver,
  paths.schedule,
  paths.categories,
  paths.staff,
  paths.reports,
  paths.stateReporting,
  paths.activity,
] as const;
export type BackOfficePath = (typeof BACK_OFFICE_PATHS)[number];

export const isBackOfficePath = (path: string): path is BackOfficePath =>
  (BACK_OFFICE_PATHS as readonly string[]).includes(path);

export const productHref = (id: number) => `/product/${id}`;
export const orderStatusHref = (token: string) => `/o/${token}`;

/**
 * Where a member of staff lands after logging in: a driver at their stops; everyone else at
 * the dashboard, which shows each role its own panels (support's inbox comes first there).
 */
export const landingPathFor = (role: StaffRole | undefined) =>
  role === 'driver' ? paths.driver : paths.dealer;
