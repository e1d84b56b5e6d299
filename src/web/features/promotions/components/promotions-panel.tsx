import type { Promotion } from '@shared/schemas/promotions';
import { useCategories } from '@web/api/get-categories';
import { useProducts } from '@web/api/get-products';
import { usePromotions } from '@web/api/get-promotions';
import { Button } from '@web/components/ui/button';
import { ConfirmDialog } from '@web/components/ui/confirm-dialog';
import { Panel, type PanelHeading } from '@web/components/ui/panel';
import { Skeleton } from '@web/components/ui/skeleton';
import { toast } from '@web/components/ui/toast';
import {
  useDeletePromotion,
  useReorderPromotions,
} from '@web/features/promotions/api/promotion-mutations';
import {
  colorStyle,
  discountText,
  validDaysText,
} from '@web/features/promotions/promotion-display';
import { reorderPatches, sortPromotions } from '@web/features/promotions/promotion-order';
import { useConfirmedDelete } from '@web/hooks/use-confirmed-delete';
import { errorText } from '@web/lib/error-messages';
import { clsx } from 'clsx';
import {
  ArrowDown,
  ArrowUp,
  CalendarDays,
  Pencil,
  Plus,
  Settings2,
  Tag,
  Tags,
  Trash2,
  TriangleAlert,
} from 'lucide-react';
import { useMemo, useState } from 'react';
import { PromotionDialog } from './promotion-dialog';

type DialogState = { mode: 'create' } | { mode: 'edit'; promotion: Promotion } | null;

const HEADING: PanelHeading = {
  title: 'Promotions',
  description: 'Shown in the storefront banner when active and valid today, in this order.',
  icon: <Tag aria-hidden="true" className="h-5 w-5" />,
};

function PromotionCard({
  promotion,
  position,
  count,
  categoryNames,
  freebieName,
  busy,
  onMove,
  onEdit,
  onDelete,
}: {
  promotion: Promotion;
  position: number;
  count: number;
  categoryNames: Map<string, string>;
  freebieName?: string;
  busy: boolean;
  onMove: (direction: -1 | 1) => void;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const style = colorStyle(promotion.color);
  const categories = promotion.applicableCategories.map((slug) => categoryNames.get(slug) ?? slug);
  return (
    <li
      data-testid="promotion-card"
      aria-label={promotion.title}
      className={clsx(
        'relative flex flex-col overflow-hidden rounded-2xl border border-line bg-gradient-to-br to-transparent',
        style.wash,
        !promotion.active && 'opacity-70',
      )}
    >
      <span aria-hidden="true" className={clsx('absolute inset-y-0 left-0 w-1.5', style.stripe)} />
      <div className="flex flex-1 flex-col gap-3 p-4 pl-5">
        <div className="flex items-start gap-3">
          <div className="flex shrink-0 flex-col items-center gap-0.5">
            <Button
              variant="ghost"
              size="sm"
              className="h-8 w-9 px-0"
              disabled={position === 0 || busy}
              onClick={() => onMove(-1)}
              aria-label={`Move ${promotion.title} up`}
            >
              <ArrowUp aria-hidden="true" className="h-4 w-4" />
            </Button>
            <span
              className="grid h-7 min-w-7 place-items-center rounded-lg bg-surface-2 px-1 text-xs font-bold tabular-nums"
              title="Display order"
            >
              <span className="sr-only">Display order </span>
              {position + 1}
            </span>
            <Button
              variant="ghost"
              size="sm"
              className="h-8 w-9 px-0"
              disabled={position === count - 1 || busy}
              onClick={() => onMove(1)}
              aria-label={`Move ${promotion.title} down`}
            >
              <ArrowDown aria-hidden="true" className="h-4 w-4" />
            </Button>
          </div>
          <div className="min-w-0 flex-1">
            <div className="flex flex-wrap items-center gap-2">
              <h3 className="text-base font-bold">{promotion.title}</h3>
              <span
                className={clsx(
                  'rounded-full px-2 py-0.5 text-[11px] font-bold uppercase',
                  promotion.active ? 'bg-ok/15 text-ok' : 'bg-surface-2 text-muted',
                )}
              >
                {promotion.active ? 'Active' : 'Inactive'}
              </span>
            </div>
            <p className="mt-1 line-clamp-2 text-sm text-muted">{promotion.description}</p>
          </div>
        </div>
        <div className="flex flex-wrap gap-2 text-xs">
          {promotion.promoCode && (
            <span className="inline-flex items-center gap-1 rounded-lg border border-dashed border-line bg-bg/40 px-2 py-1 font-mono font-bold tracking-wider">
              <Tag aria-hidden="true" className="h-3.5 w-3.5" />
              {promotion.promoCode.toUpperCase()}
            </span>
          )}
          <span className="rounded-lg bg-surface-2 px-2 py-1 font-semibold">
            {discountText(promotion, freebieName)}
          </span>
        </div>
        <dl className="grid gap-1.5 text-xs">
          <div className="flex items-center gap-2">
            <dt>
              <CalendarDays aria-hidden="true" className="h-4 w-4 text-muted" />
              <span className="sr-only">Valid days</span>
            </dt>
            <dd className={clsx(promotion.validDays.length === 0 && 'font-semibold text-danger')}>
              {validDaysText(promotion.validDays)}
            </dd>
          </div>
          <div className="flex items-center gap-2">
            <dt>
              <Tags aria-hidden="true" className="h-4 w-4 text-muted" />
              <span className="sr-only">Categories</span>
            </dt>
            <dd className="truncate">
              {categories.length === 0 ? 'All products' : categories.join(', ')}
            </dd>
          </div>
        </dl>
      </div>
      <div className="flex justify-end gap-2 border-t border-line bg-surface/60 px-4 py-2.5">
        <Button
          variant="outline"
          size="sm"
          onClick={onEdit}
          aria-label={`${promotion.isBogo50 ? 'Manage' : 'Edit'} ${promotion.title}`}
        >
          {promotion.isBogo50 ? (
            <Settings2 aria-hidden="true" className="h-4 w-4" />
          ) : (
            <Pencil aria-hidden="true" className="h-4 w-4" />
          )}
          {promotion.isBogo50 ? 'Manage' : 'Edit'}
        </Button>
        {!promotion.isBogo50 && (
          <Button
            variant="ghost"
            size="sm"
            className="text-danger hover:bg-danger/10"
            onClick={onDelete}
            aria-label={`Delete ${promotion.title}`}
          >
            <Trash2 aria-hidden="true" className="h-4 w-4" />
            Delete
          </Button>
        )}
      </div>
    </li>
  );
}

/** Spec §2.11: promotion cards, reordering, create/edit/delete. */
export function PromotionsPanel({ id }: { id: string }) {
  const promotions = usePromotions();
  const categories = useCategories();
  const products = useProducts();
  const reorder = useReorderPromotions();
  const [dialog, setDialog] = useState<DialogState>(null);
  const deletion = useConfirmedDelete<Promotion, number>(useDeletePromotion(), {
    deleted: (promotion) => ({
      title: 'Promotion deleted',
      description: `${promotion.title} was removed.`,
    }),
    failed: (error) => ({
      title: 'Failed to delete promotion',
      description: errorText(error),
      variant: 'destructive',
    }),
  });

  const sorted = useMemo(() => sortPromotions(promotions.data ?? []), [promotions.data]);
  const categoryNames = useMemo(
    () => new Map((categories.data ?? []).map((c) => [c.slug, c.name])),
    [categories.data],
  );
  const productNames = useMemo(
    () => new Map((products.data ?? []).map((p) => [p.id, p.name])),
    [products.data],
  );

  const move = (index: number, direction: -1 | 1) => {
    const patches = reorderPatches(sorted, index, index + direction);
    if (patches.length === 0) return;
    reorder.mutate(patches, {
      onError: (error) =>
        toast({
          title: 'Failed to update promotion',
          description: errorText(error),
          variant: 'destructive',
        }),
    });
  };

  return (
    <Panel
      id={id}
      {...HEADING}
      actions={
        <Button onClick={() => setDialog({ mode: 'create' })}>
          <Plus aria-hidden="true" className="h-4 w-4" />
          Create Promotion
        </Button>
      }
    >
      {promotions.isPending ? (
        <div className="grid gap-3 md:grid-cols-2">
          <Skeleton className="h-48" />
          <Skeleton className="h-48" />
        </div>
      ) : sorted.length === 0 ? (
        <p className="rounded-xl border border-dashed border-line p-8 text-center text-muted">
          No promotions yet. Create your first one.
        </p>
      ) : (
        <ul aria-label="Promotions" className="grid gap-4 md:grid-cols-2 2xl:grid-cols-3">
          {sorted.map((promotion, index) => (
            <PromotionCard
              key={promotion.id}
              promotion={promotion}
              position={index}
              count={sorted.length}
              categoryNames={categoryNames}
              freebieName={
                promotion.freebieProductId
                  ? productNames.get(promotion.freebieProductId)
                  : undefined
              }
              busy={reorder.isPending}
              onMove={(direction) => move(index, direction)}
              onEdit={() => setDialog({ mode: 'edit', promotion })}
              onDelete={() => deletion.ask(promotion)}
            />
          ))}
        </ul>
      )}
      {sorted.some((p) => p.active && p.validDays.length === 0) && (
        <p className="mt-4 flex items-center gap-2 text-sm text-warn">
          <TriangleAlert aria-hidden="true" className="h-4 w-4" />
          Some active promotions have no valid days and will not be shown.
        </p>
      )}
      <PromotionDialog
        state={dialog}
        onClose={() => setDialog(null)}
        categories={categories.data ?? []}
        products={products.data ?? []}
      />
      <ConfirmDialog
        {...deletion.dialog}
        title="Delete promotion?"
        message={`Are you sure you want to delete "${deletion.shown?.title ?? ''}"? This action cannot be undone.`}
      />
    </Panel>
  );
}
