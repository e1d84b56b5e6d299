import { flavorChoices } from '@shared/flavors';
import { formatDollars } from '@shared/money';
import { searchProducts } from '@shared/product-search';
import { isSoldByWeight } from '@shared/quantity';
import type { Category } from '@shared/schemas/categories';
import type { Product } from '@shared/schemas/products';
import { subcategoryLabel } from '@shared/slugs';
import { useCategories } from '@web/api/get-categories';
import { type HeldStock, useHeldStock } from '@web/api/get-held-stock';
import { useProducts } from '@web/api/get-products';
import { Badge, strainTone } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { ColumnHeads } from '@web/components/ui/column-heads';
import { DialogFrame } from '@web/components/ui/dialog-frame';
import { SearchField } from '@web/components/ui/form-controls';
import { ItemActionButton } from '@web/components/ui/item-action-button';
import { ProductThumb } from '@web/components/ui/product-image';
import { SkeletonList } from '@web/components/ui/skeleton-list';
import { toast } from '@web/components/ui/toast';
import { clsx } from 'clsx';
import { Package, PackagePlus, Pencil, Plus, Star, Trash2 } from 'lucide-react';
import { useDeferredValue, useMemo, useState } from 'react';
import { errorMessage, useDeleteProduct } from '../api/product-mutations';
import { CatalogCsvActions } from './catalog-csv-actions';
import { ProductFormDialog } from './product-form-dialog';
import { ReceiveStockDialog } from './receive-stock-dialog';
import { ReturnedGoods } from './returned-goods';
import { StockPill } from './stock-pill';

/** The product stays while the dialog closes, so its title does not flicker; `session` remounts the form. */
interface DialogState {
  open: boolean;
  product: Product | null;
  session: number;
}

function PriceCell({ product }: { product: Product }) {
  const onSale = product.salePrice !== null && product.salePrice < product.price;
  return (
    <span className="inline-flex flex-wrap items-baseline gap-x-2 tabular-nums">
      <span className={onSale ? 'font-semibold text-accent' : 'font-semibold'}>
        {formatDollars(onSale ? (product.salePrice as number) : product.price)}
      </span>
      {onSale && (
        <span className="text-xs text-muted line-through">
          <span className="sr-only">was </span>
          {formatDollars(product.price)}
        </span>
      )}
      {isSoldByWeight(product) && <span className="text-xs text-muted">/ 1/8 Oz</span>}
    </span>
  );
}

function ProductName({ product }: { product: Product }) {
  return (
    <div className="flex min-w-0 items-center gap-3">
      <ProductThumb
        media={product.media}
        sizes="48px"
        className="h-12 w-12 shrink-0 rounded-lg border border-line"
      />
      <div className="min-w-0">
        <p className="truncate font-semibold">{product.name}</p>
        <div className="mt-0.5 flex flex-wrap items-center gap-1.5">
          {product.strain !== 'none' && (
            <Badge tone={strainTone(product.strain)} className="px-2 py-0 text-[10px]">
              {product.strain}
            </Badge>
          )}
          {product.featured && (
            <span className="inline-flex items-center gap-1 text-[11px] font-semibold text-accent">
              <Star aria-hidden="true" className="h-3 w-3 fill-current" /> Featured
            </span>
          )}
        </div>
      </div>
    </div>
  );
}

function RowActions({
  product,
  onEdit,
  onDelete,
}: {
  product: Product;
  onEdit: () => void;
  onDelete: () => void;
}) {
  return (
    <div className="flex justify-end gap-1">
      <ItemActionButton
        icon={Pencil}
        label={`Edit ${product.name}`}
        words={<span className="hidden lg:inline">Edit</span>}
        onClick={onEdit}
      />
      <ItemActionButton
        icon={Trash2}
        label={`Delete ${product.name}`}
        words={<span className="hidden lg:inline">Delete</span>}
        danger
        onClick={onDelete}
      />
    </div>
  );
}

/**
 * How much of the stock orders the shop has not accepted yet hold (they give it back
 * if they expire or are cancelled).
 */
function HeldNote({ held, flower }: { held: HeldStock | undefined; flower: boolean }) {
  if (!held) return null;
  const orders = `${held.pendingOrders} pending ${held.pendingOrders === 1 ? 'order' : 'orders'}`;
  return (
    <span className="mt-0.5 block text-xs whitespace-nowrap text-muted" data-testid="held-stock">
      {held.held}
      {flower ? ' g' : ''} held by {orders}
    </span>
  );
}

/** The stock take of a product that keeps stock per flavor, each flavor's own. */
function FlavorStocks({ product, wrap = false }: { product: Product; wrap?: boolean }) {
  const own = flavorChoices(product).filter((c) => Object.hasOwn(product.flavorStocks, c.name));
  if (own.length === 0) return null;
  return (
    <ul
      aria-label={`${product.name} stock by flavor`}
      className={clsx(
        'text-xs text-muted',
        wrap ? 'flex flex-wrap gap-x-3 gap-y-0.5' : 'mt-1 flex flex-col gap-0.5',
      )}
    >
      {own.map((choice) => (
        <li key={choice.name} className="whitespace-nowrap">
          {choice.name}:{' '}
          <span className={choice.stock > 0 ? 'font-medium text-fg' : 'font-semibold text-danger'}>
            {choice.stock > 0 ? choice.stock : 'sold out'}
          </span>
        </li>
      ))}
    </ul>
  );
}

/** Inventory Management panel of the dealer dashboard (spec §2.10). */
export function InventoryPanel() {
  const products = useProducts();
  const heldStock = useHeldStock();
  const held = useMemo(
    () => new Map((heldStock.data ?? []).map((h) => [h.productId, h])),
    [heldStock.data],
  );
  const { data: categories = [] } = useCategories();
  const remove = useDeleteProduct();
  const [search, setSearch] = useState('');
  const query = useDeferredValue(search.trim().toLowerCase());
  const [dialog, setDialog] = useState<DialogState>({ open: false, product: null, session: 0 });
  const openDialog = (product: Product | null) =>
    setDialog((current) => ({ open: true, product, session: current.session + 1 }));
  const [deleteTarget, setDeleteTarget] = useState<Product | null>(null);
  const [deleteOpen, setDeleteOpen] = useState(false);
  const askDelete = (product: Product) => {
    setDeleteTarget(product);
    setDeleteOpen(true);
  };

  const bySlug = useMemo(() => new Map(categories.map((c) => [c.slug, c])), [categories]);
  const categoryName = (slug: string) => bySlug.get(slug)?.name ?? subcategoryLabel(slug);
  const subName = (slug: string | null) =>
    slug ? (bySlug.get(slug)?.name ?? subcategoryLabel(slug)) : null;

  const rows = useMemo(() => {
    const order = (c: Category | undefined) => c?.sortOrder ?? Number.MAX_SAFE_INTEGER;
    const all = products.data ?? [];
    const found = query ? new Set(searchProducts(all, query).map((p) => p.id)) : null;
    return all
      .filter((p) => !found || found.has(p.id))
      .sort(
        (a, b) =>
          order(bySlug.get(a.category)) - order(bySlug.get(b.category)) ||
          a.category.localeCompare(b.category) ||
          a.name.localeCompare(b.name),
      );
  }, [products.data, query, bySlug]);

  async function confirmDelete() {
    const product = deleteTarget;
    if (!product) return;
    try {
      await remove.mutateAsync(product.id);
      toast({
        title: 'Product deleted',
        description: `${product.name} has been removed.`,
        variant: 'success',
      });
      setDeleteOpen(false);
    } catch (error) {
      toast({
        title: 'Error',
        description: `Failed to delete product: ${errorMessage(error)}`,
        variant: 'destructive',
      });
    }
  }

  const total = products.data?.length ?? 0;
  const [receiving, setReceiving] = useState(false);

  return (
    <section
      aria-labelledby="inventory-management-title"
      className="flex flex-col gap-4 rounded-2xl border border-line bg-surface p-4 sm:p-6"
    >
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h2 id="inventory-management-title" className="text-xl font-bold sm:text-2xl">
            Inventory Management
          </h2>
          <p className="text-sm text-muted">
            {products.isPending
              ? 'Loading products...'
              : query
                ? `${rows.length} of ${total} products`
                : `${total} ${total === 1 ? 'product' : 'products'}`}
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <CatalogCsvActions />
          <Button variant="outline" onClick={() => setReceiving(true)}>
            <PackagePlus aria-hidden="true" className="h-4 w-4" /> Receive stock
          </Button>
          <Button onClick={() => openDialog(null)}>
            <Plus aria-hidden="true" className="h-4 w-4" /> Add Product
          </Button>
        </div>
      </div>

      <ReturnedGoods />
      <ReceiveStockDialog
        open={receiving}
        products={products.data ?? []}
        onClose={() => setReceiving(false)}
      />

      <SearchField
        label="Search products"
        placeholder="Search products..."
        value={search}
        onChange={setSearch}
      />

      {products.isPending ? (
        <SkeletonList rows={4} rowClassName="h-16" />
      ) : products.isError ? (
        <p role="alert" className="rounded-xl border border-danger p-4 text-sm text-danger">
          Failed to fetch products. {errorMessage(products.error)}
        </p>
      ) : rows.length === 0 ? (
        <div className="flex flex-col items-center gap-2 rounded-xl border border-dashed border-line py-12 text-center text-muted">
          <Package aria-hidden="true" className="h-8 w-8 opacity-60" />
          <p>
            {query
              ? `No products match "${search.trim()}".`
              : 'No products yet. Add your first product.'}
          </p>
        </div>
      ) : (
        <>
          {/* Phones: stacked cards */}
          <ul aria-label="Products" className="flex flex-col gap-2 md:hidden">
            {rows.map((product) => (
              <li
                key={product.id}
                aria-label={product.name}
                className="flex flex-col gap-3 rounded-xl border border-line bg-bg/40 p-3"
              >
                <ProductName product={product} />
                <dl className="grid grid-cols-3 gap-2 text-sm">
                  <div className="min-w-0">
                    <dt className="text-xs text-muted">Category</dt>
                    <dd className="truncate">{categoryName(product.category)}</dd>
                  </div>
                  <div>
                    <dt className="text-xs text-muted">Price</dt>
                    <dd>
                      <PriceCell product={product} />
                    </dd>
                  </div>
                  <div>
                    <dt className="text-xs text-muted">Stock</dt>
                    <dd>
                      <StockPill stock={product.stock} flower={isSoldByWeight(product)} />
                      <HeldNote held={held.get(product.id)} flower={isSoldByWeight(product)} />
                    </dd>
                  </div>
                </dl>
                <FlavorStocks product={product} wrap />
                <div className="flex gap-2 border-t border-line pt-2">
                  <ItemActionButton
                    icon={Pencil}
                    label={`Edit ${product.name}`}
                    words="Edit"
                    variant="outline"
                    className="flex-1"
                    onClick={() => openDialog(product)}
                  />
                  <ItemActionButton
                    icon={Trash2}
                    label={`Delete ${product.name}`}
                    words="Delete"
                    danger
                    variant="outline"
                    className="flex-1"
                    onClick={() => askDelete(product)}
                  />
                </div>
              </li>
            ))}
          </ul>

          {/* Tablets and up: the table */}
          <div className="hidden overflow-x-auto rounded-xl border border-line md:block">
            <table className="w-full text-left text-sm">
              <thead className="bg-surface-2 text-xs tracking-wider text-muted uppercase">
                <ColumnHeads
                  names={['Product', 'Category', 'Price', 'Stock', 'Actions']}
                  right={['Actions']}
                  className="px-4 py-3 font-semibold"
                />
              </thead>
              <tbody className="divide-y divide-line">
                {rows.map((product) => (
                  <tr key={product.id} className="hover:bg-surface-2/50">
                    <td className="max-w-80 px-4 py-2.5">
                      <ProductName product={product} />
                    </td>
                    <td className="px-4 py-2.5">
                      <p>{categoryName(product.category)}</p>
                      {product.subcategory && (
                        <p className="text-xs text-muted capitalize">
                          {subName(product.subcategory)}
                        </p>
                      )}
                    </td>
                    <td className="px-4 py-2.5">
                      <PriceCell product={product} />
                    </td>
                    <td className="px-4 py-2.5">
                      <StockPill stock={product.stock} flower={isSoldByWeight(product)} />
                      <HeldNote held={held.get(product.id)} flower={isSoldByWeight(product)} />
                      <FlavorStocks product={product} />
                    </td>
                    <td className="px-4 py-2.5">
                      <RowActions
                        product={product}
                        onEdit={() => openDialog(product)}
                        onDelete={() => askDelete(product)}
                      />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}

      <ProductFormDialog
        open={dialog.open}
        product={dialog.product}
        session={dialog.session}
        onClose={() => setDialog((current) => ({ ...current, open: false }))}
      />

      <DialogFrame
        open={deleteOpen}
        onClose={() => setDeleteOpen(false)}
        size="sm"
        title="Delete product?"
        description={
          deleteTarget
            ? `Are you sure you want to delete "${deleteTarget.name}"? This action cannot be undone.`
            : undefined
        }
        footer={
          <>
            <Button variant="outline" onClick={() => setDeleteOpen(false)}>
              Cancel
            </Button>
            <Button
              variant="danger"
              onClick={() => void confirmDelete()}
              disabled={remove.isPending}
            >
              Delete
            </Button>
          </>
        }
      />
    </section>
  );
}

export default InventoryPanel;
