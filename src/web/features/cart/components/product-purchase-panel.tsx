import type { QuantityLabel } from '@shared/constants';
import {
  asksForFlavor,
  FLAVOR_REQUIRED_MESSAGE,
  flavorChoiceLabel,
  flavorChoices,
  unitsInCartForFlavor,
} from '@shared/flavors';
import { regularUnitPrice, unitPrice } from '@shared/pricing';
import {
  canAddToCart,
  defaultQuantity,
  isSoldByWeight,
  offeredQuantities,
  quantityOptionsFor,
  stockNeeded,
  unitsInCartFor,
} from '@shared/quantity';
import type { Product } from '@shared/schemas/products';
import { useQueryClient } from '@tanstack/react-query';
import { buttonClasses } from '@web/components/ui/button';
import { PriceTag } from '@web/components/ui/price-tag';
import { toast } from '@web/components/ui/toast';
import { useHydrating } from '@web/lib/render-env';
import { readStorage, STORAGE_KEYS, writeStorage } from '@web/lib/storage';
import { clsx } from 'clsx';
import { ShoppingBag, ShoppingCart } from 'lucide-react';
import { type ReactNode, useEffect, useId, useState } from 'react';
import { Link } from 'wouter';
import { addToCart, type Cart, findLineIndex, getCart, useCart } from '../cart-store';
import { useBulkOffered, withinDailyLimits } from '../daily-limits';
import { CartLineStepper } from './card-cart-controls';

const selectClasses =
  'h-12 w-full rounded-xl border border-line bg-surface-2 px-3 text-base font-medium text-fg aria-[invalid=true]:border-danger';

/** Inline under the choices on wide screens; fixed to the bottom edge on phones. */
const BUY_BAR = clsx(
  'flex items-center gap-3',
  'max-md:fixed max-md:inset-x-0 max-md:bottom-0 max-md:z-30 max-md:border-t max-md:border-line',
  'max-md:bg-surface/95 max-md:px-4 max-md:pt-3 max-md:pb-[calc(0.75rem+env(safe-area-inset-bottom))]',
  'max-md:shadow-[0_-8px_24px_rgb(0_0_0/0.25)] max-md:backdrop-blur',
);

function initialQuantity(product: Product, cart: Cart, preferenceKey: string): QuantityLabel {
  if (!isSoldByWeight(product)) return defaultQuantity(product);
  const options = quantityOptionsFor(product);
  const saved = readStorage(STORAGE_KEYS.quantityChoice(preferenceKey));
  if (saved && (options as string[]).includes(saved)) return saved as QuantityLabel;
  const existing = cart.find((line) => line.id === product.id);
  if (existing && options.includes(existing.quantity)) return existing.quantity;
  return defaultQuantity(product);
}

function Tooltip({ text, children }: { text: string; children: ReactNode }) {
  const id = useId();
  return (
    <span className="group relative inline-flex" aria-describedby={id}>
      {children}
      <span
        id={id}
        role="tooltip"
        className="pointer-events-none absolute right-0 bottom-full z-10 mb-2 w-max max-w-56 rounded-lg border border-line bg-surface px-3 py-2 text-xs text-fg opacity-0 shadow-lg transition-opacity group-focus-within:opacity-100 group-hover:opacity-100"
      >
        {text}
      </span>
    </span>
  );
}

/**
 * The product page's buying controls (spec §2.6): Select Quantity: for flower,
 * Select Strain Type: when there are several, Add to Cart, then minus / count /
 * plus with a stock tooltip and View Cart.
 */
/** A choice a line needs before it can go into the cart (a flavor, a strain type). */
function useRequiredChoice() {
  const id = useId();
  const [value, setValue] = useState('');
  const [missing, setMissing] = useState(false);
  return {
    id,
    value,
    missing,
    choose(next: string) {
      setValue(next);
      setMissing(false);
    },
    /**
     * Marks the choice as missing, brings its field into view with focus and says why in a
     * toast. On a phone the field may sit under the sticky bar: it is brought up above it (its
     * scroll margin is the bar's height), not just focused where the shopper cannot see it.
     */
    askFor(title: string, description: string) {
      setMissing(true);
      const field = document.getElementById(id);
      field?.focus({ preventScroll: true });
      field?.scrollIntoView({ block: 'nearest' });
      toast({ title, description, variant: 'destructive' });
    },
  };
}

/** A required choice's select, with its reminder under it while the shopper left it open. */
function RequiredChoice({
  choice,
  label,
  placeholder,
  missingText,
  children,
}: {
  choice: ReturnType<typeof useRequiredChoice>;
  label: string;
  placeholder: string;
  missingText: string;
  children: ReactNode;
}) {
  const { id, missing } = choice;
  return (
    <div className="flex flex-col gap-2">
      <label htmlFor={id} className="text-sm font-semibold">
        {label}
      </label>
      <select
        id={id}
        className={clsx(selectClasses, 'max-md:scroll-mb-28')}
        value={choice.value}
        aria-required="true"
        aria-invalid={missing ? true : undefined}
        aria-describedby={missing ? `${id}-error` : undefined}
        onChange={(event) => choice.choose(event.target.value)}
      >
        <option value="">{placeholder}</option>
        {children}
      </select>
      {missing && (
        <p id={`${id}-error`} className="text-xs font-medium text-danger">
          {missingText}
        </p>
      )}
    </div>
  );
}

export function ProductPurchasePanel({
  product,
  preferenceKey,
  saveChoice,
}: {
  product: Product;
  /** where the remembered quantity choice lives (id or readable address) */
  preferenceKey: string;
  /** spec §4: the choice is saved only when the page was reached by numeric id */
  saveChoice: boolean;
}) {
  const cart = useCart();
  const quantityId = useId();
  const hydrating = useHydrating();
  // the saved choice lives in this browser: a server-rendered page applies it once hydrated
  const [quantity, setQuantity] = useState<QuantityLabel>(() =>
    hydrating ? defaultQuantity(product) : initialQuantity(product, cart, preferenceKey),
  );
  const [hydratedWith] = useState(hydrating);
  // once, right after hydration
  useEffect(() => {
    if (hydratedWith) setQuantity(initialQuantity(product, getCart(), preferenceKey));
  }, []);
  const strainField = useRequiredChoice();
  const flavorField = useRequiredChoice();
  const withFlavors = asksForFlavor(product);
  const flavors = flavorChoices(product);
  const chosenFlavor = flavors.find((choice) => choice.name === flavorField.value);
  const lineFlavor = withFlavors && chosenFlavor ? chosenFlavor.name : undefined;
  const byWeight = isSoldByWeight(product);
  const severalStrains = product.strainTypes.length > 1;
  const lineStrain = severalStrains && strainField.value ? strainField.value : undefined;
  // a flavor keeps its own stock: the checks below count that flavor's, not the product's
  const used = lineFlavor
    ? unitsInCartForFlavor(cart, product.id, lineFlavor)
    : unitsInCartFor(cart, product.id, lineStrain);
  const stocked = chosenFlavor ? { ...product, stock: chosenFlavor.stock } : product;
  const queryClient = useQueryClient();
  const needed = stockNeeded(quantity);
  const bulk = useBulkOffered(product);
  const options = byWeight ? quantityOptionsFor(product, bulk) : [];
  const offered = new Set(offeredQuantities(product, 0, bulk));
  const price = unitPrice(product, quantity);
  const regular = regularUnitPrice(product, quantity);
  const index = findLineIndex(cart, {
    id: product.id,
    quantity,
    strainType: lineStrain,
    flavor: lineFlavor,
  });
  const inCart = index === -1 ? undefined : cart[index];
  const unit = byWeight ? 'g' : 'units';

  const chooseQuantity = (next: QuantityLabel) => {
    setQuantity(next);
    if (saveChoice) writeStorage(STORAGE_KEYS.quantityChoice(preferenceKey), next);
  };

  const add = () => {
    if (withFlavors && !lineFlavor) {
      flavorField.askFor('Flavor Required', FLAVOR_REQUIRED_MESSAGE);
      return;
    }
    if (severalStrains && !strainField.value) {
      strainField.askFor(
        'Strain Type Required',
        'Please select a strain type before adding to cart.',
      );
      return;
    }
    if (!canAddToCart({ product: stocked, quantity, usedInCart: used }).ok) {
      toast({
        title: 'Not Enough Stock',
        description: `Sorry, we don't have enough ${lineFlavor ? `${product.name} in ${lineFlavor}` : product.name} in stock for this quantity.`,
        variant: 'destructive',
      });
      return;
    }
    void withinDailyLimits(queryClient, product, quantity).then(
      (allowed) =>
        allowed &&
        addToCart({
          id: product.id,
          name: product.name,
          price,
          quantity,
          strainType: lineStrain,
          flavor: lineFlavor,
        }),
    );
  };

  return (
    <div className="flex flex-col gap-5">
      <div>
        <PriceTag price={price} regular={regular} cannabis={product.cannabis} size="lg" />
        <p className="mt-1 text-sm text-muted">
          {byWeight ? 'Price per quantity' : 'Price per unit'}
        </p>
      </div>

      {byWeight && (
        <div className="flex flex-col gap-2">
          <label htmlFor={quantityId} className="text-sm font-semibold">
            Select Quantity:
          </label>
          <select
            id={quantityId}
            className={selectClasses}
            value={quantity}
            onChange={(event) => chooseQuantity(event.target.value as QuantityLabel)}
          >
            {options.map((option) => (
              <option key={option} value={option} disabled={!offered.has(option)}>
                {option}
                {offered.has(option) ? '' : ' (out of stock)'}
              </option>
            ))}
          </select>
        </div>
      )}

      {withFlavors && (
        <RequiredChoice
          choice={flavorField}
          label="Select Flavor:"
          placeholder="Choose a flavor"
          missingText="Choose a flavor to add this to your cart."
        >
          {flavors.map((choice) => (
            <option key={choice.name} value={choice.name} disabled={choice.stock <= 0}>
              {flavorChoiceLabel(choice)}
            </option>
          ))}
        </RequiredChoice>
      )}

      {severalStrains && (
        <RequiredChoice
          choice={strainField}
          label="Select Strain Type:"
          placeholder="Choose a strain type"
          missingText="Choose a strain type to add this to your cart."
        >
          {product.strainTypes.map((type) => (
            <option key={type} value={type}>
              {type}
            </option>
          ))}
        </RequiredChoice>
      )}

      {/* on phones this row is the sticky buy bar: price, quantity and the button stay in reach */}
      <div data-buy-bar data-bottom-actions className={BUY_BAR}>
        <p aria-hidden="true" className="flex shrink-0 flex-col md:hidden">
          <PriceTag price={price} cannabis={product.cannabis} />
          <span className="truncate text-xs text-muted">{byWeight ? quantity : 'Per unit'}</span>
        </p>
        {inCart ? (
          <div className="flex flex-1 items-center gap-2 sm:gap-3">
            <div className="w-34 sm:w-48">
              <CartLineStepper
                product={stocked}
                line={{ index, count: inCart.count, quantity, usedInCart: used }}
                onIncrement={add}
                incrementHint={(button) => (
                  <Tooltip
                    text={`Stock: ${stocked.stock} ${unit} · In cart: ${used} ${unit} · Needed: ${needed} ${unit}`}
                  >
                    {button}
                  </Tooltip>
                )}
              />
            </div>
            <Link href="/cart" className={buttonClasses('outline', 'lg', 'flex-1 max-sm:px-3')}>
              <ShoppingBag aria-hidden="true" className="h-5 w-5 max-sm:hidden" />
              View Cart
            </Link>
          </div>
        ) : (
          <button
            type="button"
            className={buttonClasses('primary', 'lg', 'flex-1')}
            onClick={add}
            disabled={product.stock <= 0}
          >
            <ShoppingCart aria-hidden="true" className="h-5 w-5" />
            {product.stock <= 0 ? 'Sold Out' : 'Add to Cart'}
          </button>
        )}
      </div>
    </div>
  );
}
