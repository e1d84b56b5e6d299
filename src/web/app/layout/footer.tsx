import { lazyComponent } from '@web/lib/lazy-component';
import { LogoMark } from './logo';

// Below the fold on every page: its form code (react-hook-form, the shared zod schema) stays
// out of the first download. The placeholder holds the form's height so nothing shifts.
const ContactForm = lazyComponent(
  () => import('@web/features/contact/components/contact-form'),
  <div aria-hidden="true" className="min-h-[27rem] rounded-2xl border border-line bg-surface" />,
);

// The shop's facts come from the store profile: a small chunk and one request, after first paint.
const ShopFacts = lazyComponent(() => import('@web/features/store-profile/components/shop-facts'));

/**
 * Footer with the Contact Us form and the logo. `onLogoClick` is where the
 * hidden dealer login (10 clicks, each within 3 s) hooks in.
 */
export function Footer({ onLogoClick }: { onLogoClick?: () => void }) {
  return (
    <footer className="mt-16 border-t border-line bg-surface/40">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 pb-28 md:grid-cols-[1fr_1.2fr] md:gap-16">
        <div className="flex flex-col gap-4">
          <button
            type="button"
            onClick={onLogoClick}
            className="w-fit rounded-xl"
            aria-label="Canopy"
          >
            <LogoMark />
          </button>
          <p className="max-w-sm text-muted">
            Quality cannabis products delivered with exceptional service.
          </p>
          <ShopFacts />
          <p className="text-xs text-muted">
            For adults 21 and over. Please consume responsibly. © {new Date().getFullYear()} Canopy
          </p>
        </div>
        <ContactForm />
      </div>
    </footer>
  );
}
