import { BULK } from '@shared/constants';
import { formatDollars } from '@shared/money';
import { lineTotalCents, toPricingLine } from '@shared/pricing';
import { isFlowerQuantity } from '@shared/quantity';
import type { CartItem } from '@shared/schemas/orders';
import type { Product } from '@shared/schemas/products';
import { Badge, strainTone } from '@web/components/ui/badge';
import { type PriceDisplay, usePriceDisplay } from '@web/components/ui/price-tag';
import { firstImage, ProductImage } from '@web/components/ui/product-image';
import { productHref } from '@web/lib/paths';
import { Gift, Trash2 } from 'lucide-react';
import { Link } from 'wouter';
import { useFormerPrice } from '../cart-store';
import { QuantityStepper } from './quantity-stepper';

function unitPriceText(item: CartItem, display: PriceDisplay, cannabis: boolean): string {
  if (item.quantity === BULK || item.price < 0) return 'Contact for Pricing';
  if (item.price === 0) return 'FREE';
  const price = formatDollars(display.shown(item.price, cannabis));
  const tax = display.taxesIncluded ? ' incl. tax' : '';
  if (isFlowerQuantity(item.quantity)) return `${price} / ${item.quantity}${tax}`;
  return item.quantity === '1' ? `${price} each${tax}` : `${price} each × ${item.quantity}${tax}`;
}

/** One cart line: thumbnail, name (links to the product), size, price, stepper, remove. */
export function CartLineItem({
  item,
  product,
  productsLoaded,
  onIncrement,
  onDecrement,
  onRemove,
}: {
  item: CartItem;
  product: Product | undefined;
  productsLoaded: boolean;
  onIncrement: () => void;
  onDecrement: () => void;
  onRemove: () => void;
}) {
  const free = item.price === 0;
  const bulk = item.quantity === BULK || item.price < 0;
  const display = usePriceDisplay();
  const cannabis = product?.cannabis ?? true;
  const total = lineTotalCents(toPricingLine(item, { category: '', subcategory: null, cannabis }));
  const was = useFormerPrice(item);
  return (
    <li
      data-testid="cart-line"
      className="flex gap-3 border-b border-line py-4 first:pt-0 last:border-b-0 last:pb-0 sm:gap-4"
    >
      <Link
        href={productHref(item.id)}
        tabIndex={-1}
        aria-hidden="true"
        className="block h-20 w-20 shrink-0 overflow-hidden rounded-xl sm:h-24 sm:w-24"
      >
        <ProductImage
          url={product ? firstImage(product.media) : undefined}
          alt={item.name}
          sizes="96px"
          className="h-full w-full"
        />
      </Link>

      <div className="flex min-w-0 flex-1 flex-col gap-2">
        <div className="flex items-start justify-between gap-3">
          <div className="min-w-0">
            <h3 className="font-semibold leading-snug">
              <Link href={productHref(item.id)} className="hover:underline">
                {item.name}
              </Link>
            </h3>
            <div className="mt-1 flex flex-wrap items-center gap-1.5">
              <Badge>{item.quantity}</Badge>
              {item.strainType && (
                <Badge tone={strainTone(item.strainType)}>{item.strainType}</Badge>
              )}
              {item.flavor && <Badge>{item.flavor}</Badge>}
              {free && (
                <Badge tone="primary">
                  <Gift aria-hidden="true" className="mr-1 h-3 w-3" />
                  Promo gift
                </Badge>
              )}
              {productsLoaded && !product && <Badge tone="danger">No longer available</Badge>}
            </div>
          </div>
          <p className="shrink-0 text-right font-bold tabular-nums" data-testid="line-total">
            {free ? (
              'FREE'
            ) : bulk ? (
              <span className="text-sm text-muted">Quote+</span>
            ) : (
              formatDollars(display.shown(total / 100, cannabis))
            )}
          </p>
        </div>

        <div className="flex flex-wrap items-center justify-between gap-2">
          <p className={free ? 'text-sm font-semibold text-primary' : 'text-sm text-muted'}>
            {unitPriceText(item, display, cannabis)}
            {was !== undefined && was >= 0 && (
              <span className="ml-2 font-semibold text-warn" data-testid="line-was">
                was {formatDollars(display.shown(was, cannabis))}
              </span>
            )}
          </p>
          <div className="flex items-center gap-2">
            {free ? (
              <span className="px-2 text-sm text-muted">Qty {item.count}</span>
            ) : (
              <div className="w-36">
                <QuantityStepper
                  name={item.name}
                  count={item.count}
                  onDecrement={onDecrement}
                  onIncrement={onIncrement}
                  incrementDisabled={!productsLoaded}
                />
              </div>
            )}
            <button
              type="button"
              onClick={onRemove}
              aria-label={`Remove ${item.name} from cart`}
              className="grid h-11 w-11 place-items-center rounded-xl text-muted transition-colors hover:bg-danger/15 hover:text-danger"
            >
              <Trash2 aria-hidden="true" className="h-5 w-5" />
            </button>
          </div>
        </div>
      </div>
    </li>
  );
}
