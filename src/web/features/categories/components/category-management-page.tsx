import {
  type Announcements,
  closestCenter,
  DndContext,
  type DragEndEvent,
  type KeyboardCoordinateGetter,
  KeyboardSensor,
  type Modifier,
  PointerSensor,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import { SortableContext, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import type { Category } from '@shared/schemas/categories';
import { useCategories } from '@web/api/get-categories';
import { useProducts } from '@web/api/get-products';
import { Button } from '@web/components/ui/button';
import { DialogFrame } from '@web/components/ui/dialog-frame';
import { ItemActionButton } from '@web/components/ui/item-action-button';
import { SkeletonList } from '@web/components/ui/skeleton-list';
import { toast } from '@web/components/ui/toast';
import {
  CATEGORY_DELETION_TEXTS,
  hasErrorCode,
  SUBCATEGORY_DELETION_TEXTS,
  textForCode,
} from '@web/lib/error-messages';
import { clsx } from 'clsx';
import { ChevronRight, FolderPlus, GripVertical, Pencil, Plus, Tags, Trash2 } from 'lucide-react';
import { type ReactNode, useMemo, useState } from 'react';
import {
  serverText,
  statusOf,
  useDeleteCategory,
  useReorderCategories,
} from '../api/category-mutations';
import { siblingReorder, subcategoriesOf, topLevelCategories } from '../category-tree';
import { type CategoryDialogMode, CategoryFormDialog } from './category-form-dialog';

/** Spec §2.13 / §9: each arrow key moves a keyboard-dragged row by 25 px. */
export const KEYBOARD_DRAG_STEP_PX = 25;

const keyboardStep: KeyboardCoordinateGetter = (event, { currentCoordinates }) => {
  switch (event.code) {
    case 'ArrowDown':
      return { ...currentCoordinates, y: currentCoordinates.y + KEYBOARD_DRAG_STEP_PX };
    case 'ArrowUp':
      return { ...currentCoordinates, y: currentCoordinates.y - KEYBOARD_DRAG_STEP_PX };
    case 'ArrowRight':
      return { ...currentCoordinates, x: currentCoordinates.x + KEYBOARD_DRAG_STEP_PX };
    case 'ArrowLeft':
      return { ...currentCoordinates, x: currentCoordinates.x - KEYBOARD_DRAG_STEP_PX };
    default:
      return undefined;
  }
};

const verticalOnly: Modifier = ({ transform }) => ({ ...transform, x: 0 });

const GRID =
  'grid grid-cols-[2.75rem_minmax(0,1fr)_auto] items-center gap-x-2 md:grid-cols-[2.75rem_minmax(0,1.2fr)_minmax(0,1.4fr)_5rem_8.5rem] xl:grid-cols-[2.75rem_minmax(0,1.2fr)_minmax(0,1.4fr)_5rem_15rem]';

const SUBCATEGORY_NOT_DELETED = 'Failed to delete subcategory. Please try again.';
const HAS_SUBCATEGORIES = CATEGORY_DELETION_TEXTS.CATEGORY_HAS_SUBCATEGORIES;

interface RowProps {
  category: Category;
  depth: 0 | 1;
  productCount: number;
  subcategoryCount: number;
  expanded: boolean;
  onToggle?: () => void;
  onEdit: () => void;
  onDelete: () => void;
  onAddSubcategory?: () => void;
  children?: ReactNode;
}

function SortableCategoryRow({
  category,
  depth,
  productCount,
  subcategoryCount,
  expanded,
  onToggle,
  onEdit,
  onDelete,
  onAddSubcategory,
  children,
}: RowProps) {
  const {
    attributes,
    listeners,
    setNodeRef,
    setActivatorNodeRef,
    transform,
    transition,
    isDragging,
  } = useSortable({ id: category.id });
  const regionId = `subcategories-of-${category.id}`;
  return (
    <li
      ref={setNodeRef}
      data-category-id={category.id}
      aria-label={category.name}
      style={{ transform: CSS.Translate.toString(transform), transition }}
      className={clsx(
        'relative bg-surface',
        isDragging && 'z-10 rounded-xl shadow-2xl ring-2 ring-primary',
      )}
    >
      <div className={clsx(GRID, 'min-h-16 px-2 py-2 md:px-3', depth === 1 && 'pl-6 md:pl-10')}>
        <button
          type="button"
          ref={setActivatorNodeRef}
          {...attributes}
          {...listeners}
          aria-label={`Reorder ${category.name}`}
          className="grid h-11 w-11 cursor-grab touch-none place-items-center rounded-lg text-muted hover:bg-surface-2 hover:text-fg active:cursor-grabbing"
        >
          <GripVertical aria-hidden="true" className="h-5 w-5" />
        </button>
        <div className="flex min-w-0 items-center gap-2">
          {onToggle ? (
            <button
              type="button"
              onClick={onToggle}
              aria-expanded={expanded}
              aria-controls={regionId}
              className="flex min-h-11 min-w-0 items-center gap-2 rounded-lg pr-2 text-left hover:text-primary"
            >
              <ChevronRight
                aria-hidden="true"
                className={clsx('h-4 w-4 shrink-0 transition-transform', expanded && 'rotate-90')}
              />
              <span className="min-w-0">
                <span className="block truncate font-semibold">{category.name}</span>
                <span className="block truncate font-mono text-xs text-muted">{category.slug}</span>
              </span>
            </button>
          ) : (
            <span className={clsx('min-w-0', depth === 0 && 'pl-6')}>
              <span className="block truncate font-semibold">{category.name}</span>
              <span className="block truncate font-mono text-xs text-muted">{category.slug}</span>
            </span>
          )}
          {subcategoryCount > 0 && (
            <span className="hidden shrink-0 rounded-full bg-surface-2 px-2 py-0.5 text-[11px] font-semibold text-muted sm:inline">
              {subcategoryCount} sub
            </span>
          )}
        </div>
        <p className="hidden truncate text-sm text-muted md:block">
          {category.description || <span className="opacity-50">-</span>}
        </p>
        <p className="hidden text-sm tabular-nums text-muted md:block">{productCount}</p>
        <div className="flex items-center justify-end gap-0.5">
          {onAddSubcategory && (
            <ItemActionButton
              icon={FolderPlus}
              label={`Add subcategory to ${category.name}`}
              words={<span className="hidden xl:inline">Add subcategory</span>}
              title="Add subcategory"
              className="px-2.5"
              onClick={onAddSubcategory}
            />
          )}
          <ItemActionButton
            icon={Pencil}
            label={`Edit ${category.name}`}
            title="Edit"
            className="px-2.5"
            onClick={onEdit}
          />
          <ItemActionButton
            icon={Trash2}
            label={`Delete ${category.name}`}
            title="Delete"
            danger
            className="px-2.5"
            onClick={onDelete}
          />
        </div>
      </div>
      {expanded && (
        <div id={regionId} className="border-t border-line bg-surface-2/40">
          {children}
        </div>
      )}
    </li>
  );
}

interface DeleteState {
  open: boolean;
  category: Category | null;
}

/** Category Management (/categories, spec §2.13): content only, the dealer wrapper adds the sidebar. */
export default function CategoryManagementPage() {
  const categoriesQuery = useCategories();
  const { data: products = [] } = useProducts();
  const categories = categoriesQuery.data ?? [];
  const reorder = useReorderCategories();
  const remove = useDeleteCategory();
  const [expanded, setExpanded] = useState<number | null>(null);
  const [dialog, setDialog] = useState<{
    open: boolean;
    mode: CategoryDialogMode;
    session: number;
  }>({ open: false, mode: { kind: 'create' }, session: 0 });
  const [deleting, setDeleting] = useState<DeleteState>({ open: false, category: null });

  const topLevel = useMemo(() => topLevelCategories(categories), [categories]);
  const childrenOf = (id: number) => subcategoriesOf(categories, id);
  const hasChildren = (id: number) => categories.some((c) => c.parentId === id);
  const productCounts = useMemo(() => {
    const counts = new Map<string, number>();
    for (const product of products) {
      counts.set(product.category, (counts.get(product.category) ?? 0) + 1);
      if (product.subcategory) {
        const key = `${product.category}/${product.subcategory}`;
        counts.set(key, (counts.get(key) ?? 0) + 1);
      }
    }
    return counts;
  }, [products]);

  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 6 } }),
    useSensor(KeyboardSensor, { coordinateGetter: keyboardStep }),
  );

  const nameOf = (id: string | number | undefined) =>
    categories.find((c) => c.id === Number(id))?.name ?? 'category';
  const announcements: Announcements = {
    onDragStart: ({ active }) => `Picked up ${nameOf(active.id)}.`,
    onDragOver: ({ active, over }) =>
      over
        ? `${nameOf(active.id)} is over ${nameOf(over.id)}.`
        : `${nameOf(active.id)} is not over a category.`,
    onDragEnd: ({ active, over }) =>
      over
        ? `${nameOf(active.id)} was dropped on ${nameOf(over.id)}.`
        : `${nameOf(active.id)} was dropped.`,
    onDragCancel: ({ active }) => `Moving ${nameOf(active.id)} was cancelled.`,
  };

  function onDragEnd({ active, over }: DragEndEvent) {
    if (!over) return;
    const updates = siblingReorder(categories, Number(active.id), Number(over.id));
    if (!updates) return;
    reorder.mutate(updates, {
      onSuccess: () =>
        toast({
          title: 'Categories reordered',
          description: 'Category order has been updated successfully.',
          variant: 'success',
        }),
      onError: () =>
        toast({
          title: 'Error',
          description: 'Failed to reorder categories. Please try again.',
          variant: 'destructive',
        }),
    });
  }

  const openDialog = (mode: CategoryDialogMode) =>
    setDialog((current) => ({ open: true, mode, session: current.session + 1 }));

  async function confirmDelete() {
    const category = deleting.category;
    if (!category) return;
    const isSub = !!category.parentId;
    try {
      await remove.mutateAsync(category.id);
      setDeleting((current) => ({ ...current, open: false }));
      if (expanded === category.id) setExpanded(null);
      toast(
        isSub
          ? {
              title: 'Subcategory deleted',
              description: `${category.name} has been deleted.`,
              variant: 'success',
            }
          : {
              title: 'Category deleted',
              description:
                "The category has been successfully deleted, products moved to 'uncategorized'.",
              variant: 'success',
            },
      );
    } catch (error) {
      // the modal sits above the page: close it so the refusal's toast is seen
      setDeleting((current) => ({ ...current, open: false }));
      const text = serverText(error) ?? (error instanceof Error ? error.message : String(error));
      if (hasErrorCode(error, 'CATEGORY_USED_BY_PROMOTIONS')) {
        toast({ title: 'Cannot delete', description: text, variant: 'destructive' });
      } else if (isSub) {
        const description =
          textForCode(error, SUBCATEGORY_DELETION_TEXTS) ?? SUBCATEGORY_NOT_DELETED;
        toast({ title: 'Error', description, variant: 'destructive' });
      } else if (
        hasErrorCode(error, 'CATEGORY_HAS_SUBCATEGORIES') ||
        (statusOf(error) === 400 && hasChildren(category.id))
      ) {
        toast({ title: 'Cannot delete', description: HAS_SUBCATEGORIES, variant: 'destructive' });
      } else {
        toast({
          title: 'Error',
          description: `Failed to delete category: ${text}`,
          variant: 'destructive',
        });
      }
    }
  }

  const target = deleting.category;
  const targetBlocked = target ? hasChildren(target.id) : false;

  return (
    <div className="flex flex-col gap-6">
      <header className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold sm:text-3xl">Category Management</h1>
          <p className="mt-1 text-muted">
            Create, edit, and organize your product categories and subcategories.
          </p>
        </div>
        <Button onClick={() => openDialog({ kind: 'create' })}>
          <Plus aria-hidden="true" className="h-4 w-4" /> Add Category
        </Button>
      </header>

      <section
        aria-labelledby="categories-table-title"
        className="overflow-hidden rounded-2xl border border-line bg-surface"
      >
        <div className="flex flex-wrap items-center justify-between gap-2 border-b border-line px-4 py-3">
          <h2 id="categories-table-title" className="flex items-center gap-2 font-semibold">
            <Tags aria-hidden="true" className="h-4 w-4 text-primary" /> Categories
          </h2>
          <p className="text-xs text-muted">
            Drag the handle (or focus it and press Space, then the arrow keys) to reorder within the
            same level.
          </p>
        </div>
        <div
          aria-hidden="true"
          className={clsx(
            GRID,
            'hidden border-b border-line bg-surface-2 px-3 py-2 text-xs font-semibold tracking-wider text-muted uppercase md:grid',
          )}
        >
          <span />
          <span className="pl-6">Name</span>
          <span>Description</span>
          <span>Products</span>
          <span className="text-right">Actions</span>
        </div>

        {categoriesQuery.isPending ? (
          <SkeletonList rows={4} rowClassName="h-14" className="p-4" />
        ) : categoriesQuery.isError ? (
          <p role="alert" className="p-6 text-center text-danger">
            Failed to fetch categories.
          </p>
        ) : topLevel.length === 0 ? (
          <p className="px-4 py-12 text-center text-muted">
            No categories found. Add your first category to get started.
          </p>
        ) : (
          <DndContext
            sensors={sensors}
            collisionDetection={closestCenter}
            modifiers={[verticalOnly]}
            accessibility={{ announcements }}
            onDragEnd={onDragEnd}
          >
            <SortableContext
              items={topLevel.map((c) => c.id)}
              strategy={verticalListSortingStrategy}
            >
              <ul aria-label="Categories" className="divide-y divide-line">
                {topLevel.map((category) => {
                  const subs = childrenOf(category.id);
                  const isExpanded = expanded === category.id;
                  return (
                    <SortableCategoryRow
                      key={category.id}
                      category={category}
                      depth={0}
                      productCount={productCounts.get(category.slug) ?? 0}
                      subcategoryCount={subs.length}
                      expanded={isExpanded}
                      onToggle={
                        subs.length > 0 || isExpanded
                          ? () => setExpanded(isExpanded ? null : category.id)
                          : undefined
                      }
                      onEdit={() => openDialog({ kind: 'edit', category })}
                      onDelete={() => setDeleting({ open: true, category })}
                      onAddSubcategory={
                        subs.length === 0
                          ? () => openDialog({ kind: 'subcategory', parent: category })
                          : undefined
                      }
                    >
                      {subs.length === 0 ? (
                        <p className="px-4 py-4 pl-16 text-sm text-muted">No subcategories found</p>
                      ) : (
                        <SortableContext
                          items={subs.map((c) => c.id)}
                          strategy={verticalListSortingStrategy}
                        >
                          <ul
                            aria-label={`Subcategories of ${category.name}`}
                            className="divide-y divide-line"
                          >
                            {subs.map((sub) => (
                              <SortableCategoryRow
                                key={sub.id}
                                category={sub}
                                depth={1}
                                productCount={
                                  productCounts.get(`${category.slug}/${sub.slug}`) ?? 0
                                }
                                subcategoryCount={0}
                                expanded={false}
                                onEdit={() => openDialog({ kind: 'edit', category: sub })}
                                onDelete={() => setDeleting({ open: true, category: sub })}
                              />
                            ))}
                          </ul>
                          <div className="border-t border-line px-4 py-2 pl-16">
                            <Button
                              variant="ghost"
                              size="sm"
                              onClick={() => openDialog({ kind: 'subcategory', parent: category })}
                            >
                              <Plus aria-hidden="true" className="h-4 w-4" /> Add another
                              subcategory
                            </Button>
                          </div>
                        </SortableContext>
                      )}
                    </SortableCategoryRow>
                  );
                })}
              </ul>
            </SortableContext>
          </DndContext>
        )}
      </section>

      <CategoryFormDialog
        open={dialog.open}
        mode={dialog.mode}
        session={dialog.session}
        topLevel={topLevel}
        hasChildren={hasChildren}
        onClose={() => setDialog((current) => ({ ...current, open: false }))}
      />

      <DialogFrame
        open={deleting.open}
        onClose={() => setDeleting((current) => ({ ...current, open: false }))}
        size="sm"
        title="Are you sure?"
        description={
          target
            ? target.parentId
              ? `This will permanently delete the subcategory "${target.name}".`
              : `This will permanently delete the category "${target.name}". Its products will be moved to 'uncategorized'.`
            : undefined
        }
        footer={
          <>
            <Button
              variant="outline"
              onClick={() => setDeleting((current) => ({ ...current, open: false }))}
            >
              Cancel
            </Button>
            <Button
              variant="danger"
              disabled={targetBlocked || remove.isPending}
              onClick={() => void confirmDelete()}
            >
              Delete
            </Button>
          </>
        }
      >
        {targetBlocked && (
          <p role="alert" className="rounded-xl border border-danger/60 bg-danger/10 p-3 text-sm">
            {HAS_SUBCATEGORIES}
          </p>
        )}
      </DialogFrame>
    </div>
  );
}
