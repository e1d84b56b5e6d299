import type { QuantityLabel } from '@shared/constants';
import { asksForFlavor } from '@shared/flavors';
import { regularUnitPrice, unitPrice } from '@shared/pricing';
import { canAddToCart, defaultQuantity, offeredQuantities, unitsInCartFor } from '@shared/quantity';
import type { Product } from '@shared/schemas/products';
import { readableProductPath } from '@shared/slugs';
import { useQueryClient } from '@tanstack/react-query';
import { buttonClasses } from '@web/components/ui/button';
import { PriceTag } from '@web/components/ui/price-tag';
import { toast } from '@web/components/ui/toast';
import { ShoppingCart } from 'lucide-react';
import { type ReactNode, useId, useState } from 'react';
import { Link } from 'wouter';
import { addToCart, decrementLine, findLineIndex, useCart } from '../cart-store';
import { useBulkOffered, withinDailyLimits } from '../daily-limits';
import { QuantityStepper } from './quantity-stepper';

export function limitedStockToast(product: Pick<Product, 'name'>) {
  toast({
    title: 'Limited Stock',
    description: `Sorry, we don't have enough ${product.name} in stock.`,
    variant: 'destructive',
  });
}

export function removalFailedToast() {
  toast({
    title: 'Error',
    description: 'There was a problem removing the item. Please try again.',
    variant: 'destructive',
  });
}

/**
 * Minus / count / plus for a product's line in the cart, on its card and its page: minus takes
 * one off (the line goes at zero), plus adds one while the stock left covers it.
 */
export function CartLineStepper({
  product,
  line,
  onIncrement,
  incrementHint,
}: {
  product: Product;
  line: { index: number; count: number; quantity: QuantityLabel; usedInCart: number };
  onIncrement: () => void;
  incrementHint?: (button: ReactNode) => ReactNode;
}) {
  const { index, count, quantity, usedInCart } = line;
  return (
    <QuantityStepper
      name={product.name}
      count={count}
      onDecrement={() => {
        if (!decrementLine(index, product.id)) removalFailedToast();
      }}
      onIncrement={onIncrement}
      incrementDisabled={!canAddToCart({ product, quantity, usedInCart }).ok}
      incrementHint={incrementHint}
    />
  );
}

/** Price, quantity selector and Add to Cart (then minus / count / plus) on a product card. */
export function CardCartControls({ product }: { product: Product }) {
  const cart = useCart();
  const selectId = useId();
  const used = unitsInCartFor(cart, product.id);
  const queryClient = useQueryClient();
  const soldOut = product.stock <= 0;
  const bulk = useBulkOffered(product);
  const options = soldOut ? [] : offeredQuantities(product, 0, bulk);
  const [quantity, setQuantity] = useState<QuantityLabel>(() =>
    options.includes(defaultQuantity(product))
      ? defaultQuantity(product)
      : (options[0] ?? defaultQuantity(product)),
  );
  const price = unitPrice(product, quantity);
  const regular = regularUnitPrice(product, quantity);

  // a choice made on the product page: several strain types, or a flavor
  const choice =
    product.strainTypes.length > 1 ? 'Strain' : asksForFlavor(product) ? 'Flavor' : null;
  if (choice) {
    return (
      <div className="mt-auto flex flex-col gap-2.5">
        <PriceTag
          price={unitPrice(product, defaultQuantity(product))}
          regular={regularUnitPrice(product, defaultQuantity(product))}
          cannabis={product.cannabis}
        />
        <Link
          href={readableProductPath(product)}
          className={buttonClasses('outline', 'md', 'w-full')}
          aria-label={`Choose ${choice} for ${product.name}`}
        >
          Choose {choice}
        </Link>
      </div>
    );
  }

  const line = { id: product.id, quantity };
  const index = findLineIndex(cart, line);
  const inCart = index === -1 ? undefined : cart[index];
  const add = () => {
    const check = canAddToCart({ product, quantity, usedInCart: used });
    if (!check.ok) {
      limitedStockToast(product);
      return;
    }
    void withinDailyLimits(queryClient, product, quantity).then(
      (allowed) => allowed && addToCart({ id: product.id, name: product.name, price, quantity }),
    );
  };

  return (
    <div className="mt-auto flex flex-col gap-2.5">
      <PriceTag price={price} regular={regular} cannabis={product.cannabis} />
      {options.length > 1 && (
        <>
          <label htmlFor={selectId} className="sr-only">
            Quantity for {product.name}
          </label>
          <select
            id={selectId}
            value={quantity}
            onChange={(event) => setQuantity(event.target.value as QuantityLabel)}
            className="h-11 w-full rounded-xl border border-line bg-surface-2 px-3 text-sm font-medium text-fg"
          >
            {options.map((option) => (
              <option key={option} value={option}>
                {option}
              </option>
            ))}
          </select>
        </>
      )}
      {inCart ? (
        <CartLineStepper
          product={product}
          line={{ index, count: inCart.count, quantity, usedInCart: used }}
          onIncrement={add}
        />
      ) : (
        <button
          type="button"
          className={buttonClasses(soldOut ? 'secondary' : 'primary', 'md', 'w-full')}
          onClick={add}
          disabled={soldOut}
        >
          <ShoppingCart aria-hidden="true" className="h-4 w-4" />
          {soldOut ? 'Sold Out' : 'Add to Cart'}
        </button>
      )}
    </div>
  );
}
