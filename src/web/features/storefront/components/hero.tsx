import { buttonClasses } from '@web/components/ui/button';
import { ArrowDown, Clock, ShieldCheck, Truck } from 'lucide-react';

export const PRODUCTS_ANCHOR = 'products';

export function scrollToProducts() {
  document.getElementById(PRODUCTS_ANCHOR)?.scrollIntoView({ behavior: 'smooth', block: 'start' });
}

export function Hero() {
  return (
    <section
      aria-labelledby="hero-title"
      className="relative overflow-hidden rounded-3xl border border-line bg-gradient-to-br from-[var(--hero-from)] to-[var(--hero-to)] px-5 py-8 sm:px-10 sm:py-14"
    >
      <div
        aria-hidden="true"
        className="rainbow-bar absolute -top-24 -right-24 h-64 w-64 rounded-full opacity-20 blur-3xl"
      />
      <p className="text-xs font-semibold tracking-[0.2em] text-muted uppercase">
        Same-day delivery
      </p>
      <h1
        id="hero-title"
        className="mt-3 max-w-xl text-[2rem] leading-tight font-extrabold sm:text-5xl"
      >
        Premium cannabis, <span className="brand-text">delivered today.</span>
      </h1>
      <p className="mt-3 max-w-lg text-base text-muted sm:text-lg">
        Hand-picked flower, prerolls, concentrates and edibles from your local dealer — at your door
        in hours.
      </p>
      <button
        type="button"
        onClick={scrollToProducts}
        className={buttonClasses('primary', 'lg', 'mt-6')}
      >
        Order Now
        <ArrowDown aria-hidden="true" className="h-5 w-5" />
      </button>
      <ul className="mt-6 flex flex-wrap gap-x-5 gap-y-2 text-sm text-muted">
        <li className="flex items-center gap-2">
          <Truck aria-hidden="true" className="h-4 w-4 text-primary" /> Same-day delivery
        </li>
        <li className="flex items-center gap-2">
          <Clock aria-hidden="true" className="h-4 w-4 text-primary" /> Scheduled or pickup
        </li>
        <li className="flex items-center gap-2">
          <ShieldCheck aria-hidden="true" className="h-4 w-4 text-primary" /> 21+ verified
        </li>
      </ul>
    </section>
  );
}
