import { type OrderStatus, PICKUP_ADDRESS } from '@shared/constants';
import { formatDollars } from '@shared/money';
import { isClosed, isHandedOver, statusesFor } from '@shared/order-lifecycle';
import type { Payment } from '@shared/payment';
import type { Order } from '@shared/schemas/orders';
import { useQueryClient } from '@tanstack/react-query';
import { useRuleSet } from '@web/api/get-dealer-settings';
import { useOrders } from '@web/api/get-orders';
import { sessionKeys, useSession } from '@web/api/get-session';
import { toDestroyKeys } from '@web/api/get-to-destroy';
import { Button } from '@web/components/ui/button';
import { ColumnHeads } from '@web/components/ui/column-heads';
import { ConfirmDialog } from '@web/components/ui/confirm-dialog';
import { CountBadge } from '@web/components/ui/count-badge';
import { SearchField } from '@web/components/ui/form-controls';
import { Panel } from '@web/components/ui/panel';
import { SkeletonList } from '@web/components/ui/skeleton-list';
import { Tab, TabList, TabPanel, Tabs } from '@web/components/ui/tabs';
import { toast } from '@web/components/ui/toast';
import { allowIdRecheck, checkIdAtCounter } from '@web/features/id-check/api/id-check-api';
import { HandoverDialog } from '@web/features/id-check/components/handover-dialog';
import {
  recordReturn,
  type StatusUpdate,
  useDeleteOrder,
  useReplaceOrder,
  useUpdateOrderStatus,
} from '@web/features/order-management/api/order-mutations';
import { DriverSelect } from '@web/features/order-management/components/driver-select';
import { useNewOrderFlags } from '@web/features/order-management/hooks/use-new-order-flags';
import {
  mapsHref,
  type OrdersTab,
  splitOrders,
  statusTone,
  telHref,
} from '@web/features/order-management/orders-logic';
import { EditDeliveryDialog } from '@web/features/schedule/components/edit-delivery-dialog';
import { useConfirmedDelete } from '@web/hooks/use-confirmed-delete';
import { ApiError } from '@web/lib/api-client';
import { errorText } from '@web/lib/error-messages';
import { orderWhen } from '@web/lib/order-when';
import { clsx } from 'clsx';
import { format } from 'date-fns';
import {
  CalendarClock,
  ChevronDown,
  ClipboardList,
  MapPin,
  Phone,
  Store,
  Trash2,
} from 'lucide-react';
import { Fragment, useEffect, useMemo, useState } from 'react';
import { OrderDetails } from './order-details';
import { OverrideDialog, ReturnDialog, VoidDialog } from './record-dialogs';

const formatDate = (iso: string, pattern = 'MMM d, yyyy · h:mm a') => {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : format(date, pattern);
};

interface RowProps {
  order: Order;
  isNew: boolean;
  expanded: boolean;
  onToggle: () => void;
  onStatus: (status: OrderStatus) => void;
  onEdit: () => void;
  /** absent where sales are records: an order is voided, never deleted */
  onDelete?: () => void;
  /** where sales are records, a handed-over order's record: a return is recorded beside it */
  onRecordReturn?: () => void;
  /** the owner's leave to check a failed ID again */
  onAllowRecheck?: () => void;
  statusPending: boolean;
  /** support reads orders without changing them */
  readOnly: boolean;
}

/** A ring pulses behind the flag, so its text keeps full contrast at every frame. */
function NewFlag() {
  return (
    <span className="relative inline-flex">
      <span
        aria-hidden="true"
        className="absolute inset-0 rounded-full bg-accent opacity-60 motion-safe:animate-ping"
      />
      <span className="relative rounded-full bg-accent px-2 py-0.5 text-[10px] font-black tracking-wider text-accent-fg">
        NEW!
      </span>
    </span>
  );
}

function StatusSelect({
  order,
  onStatus,
  disabled,
  readOnly,
  className,
}: {
  order: Order;
  onStatus: (s: OrderStatus) => void;
  disabled: boolean;
  readOnly: boolean;
  className?: string;
}) {
  const final = useRuleSet().salesRecords !== null && isHandedOver(order.status);
  if (readOnly) {
    return (
      <span
        className={clsx(
          'inline-flex h-9 items-center rounded-lg border px-2 text-sm font-semibold capitalize',
          statusTone(order.status),
          className,
        )}
      >
        {order.status}
      </span>
    );
  }
  return (
    <select
      aria-label={`Status of order #${order.id}`}
      value={order.status}
      disabled={disabled || isClosed(order.status) || final}
      title={final ? 'Handed over: a sale is a record. Record a return instead.' : undefined}
      onChange={(e) => onStatus(e.target.value as OrderStatus)}
      className={clsx(
        'h-9 cursor-pointer rounded-lg border px-2 text-sm font-semibold capitalize focus:outline-none focus-visible:ring-2 focus-visible:ring-ring',
        statusTone(order.status),
        className,
      )}
    >
      {statusChoices(order).map((s) => (
        <option key={s} value={s} className="bg-surface text-fg capitalize">
          {s}
        </option>
      ))}
    </select>
  );
}

/** The order type's steps; an order set to another type's step before keeps showing it. */
function statusChoices(order: Order): OrderStatus[] {
  const choices = statusesFor(order.orderType);
  return choices.includes(order.status) ? choices : [order.status, ...choices];
}

function AddressLink({ address }: { address: string }) {
  if (address === PICKUP_ADDRESS) {
    return (
      <span className="inline-flex items-center gap-1.5 text-muted">
        <Store aria-hidden="true" className="h-4 w-4 shrink-0" />
        Pickup
      </span>
    );
  }
  return (
    <a
      href={mapsHref(address)}
      target="_blank"
      rel="noreferrer"
      className="inline-flex items-start gap-1.5 text-fg underline-offset-2 hover:text-primary hover:underline"
    >
      <MapPin aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0 text-muted" />
      <span className="break-words">{address}</span>
    </a>
  );
}

function PhoneLink({ phone }: { phone: string }) {
  return (
    <a
      href={telHref(phone)}
      className="inline-flex items-center gap-1.5 whitespace-nowrap hover:text-primary hover:underline"
    >
      <Phone aria-hidden="true" className="h-4 w-4 shrink-0 text-muted" />
      {phone}
    </a>
  );
}

function RowActions({ order, onEdit, onDelete }: Pick<RowProps, 'order' | 'onEdit' | 'onDelete'>) {
  const final = useRuleSet().salesRecords !== null && isHandedOver(order.status);
  return (
    <div className="flex items-center gap-1">
      {!final && (
        <Button
          variant="ghost"
          size="sm"
          className="w-9 px-0"
          aria-label={`Edit delivery schedule of order #${order.id}`}
          title="Edit delivery schedule"
          onClick={onEdit}
        >
          <CalendarClock aria-hidden="true" className="h-4 w-4" />
        </Button>
      )}
      {onDelete && (
        <Button
          variant="ghost"
          size="sm"
          className="w-9 px-0 text-danger hover:bg-danger/10"
          aria-label={`Delete order #${order.id}`}
          title="Delete order"
          onClick={onDelete}
        >
          <Trash2 aria-hidden="true" className="h-4 w-4" />
        </Button>
      )}
    </div>
  );
}

/** What a table row and a phone card both show of an order, wired the same way. */
function orderParts(props: RowProps) {
  const { order, readOnly } = props;
  return {
    status: (className: string) => (
      <StatusSelect
        order={order}
        onStatus={props.onStatus}
        disabled={props.statusPending}
        readOnly={readOnly}
        className={className}
      />
    ),
    driver: (className: string) => (
      <DriverSelect order={order} readOnly={readOnly} className={className} />
    ),
    actions: !readOnly && (
      <RowActions order={order} onEdit={props.onEdit} onDelete={props.onDelete} />
    ),
    details: (
      <OrderDetails
        order={order}
        onRecordReturn={props.onRecordReturn}
        onAllowRecheck={props.onAllowRecheck}
      />
    ),
    chevron: (
      <ChevronDown
        aria-hidden="true"
        className={clsx('h-4 w-4 transition-transform', props.expanded && 'rotate-180')}
      />
    ),
  };
}

function OrderTableRow(props: RowProps) {
  const { order, isNew, expanded, onToggle } = props;
  const parts = orderParts(props);
  return (
    <Fragment>
      <tr
        data-testid="order-row"
        data-order-id={order.id}
        className={clsx(
          'border-t border-line align-top transition-colors',
          isNew ? 'bg-accent/10' : 'hover:bg-surface-2/50',
        )}
      >
        <td className="px-2.5 py-3">
          <button
            type="button"
            onClick={onToggle}
            aria-expanded={expanded}
            aria-label={`Details of order #${order.id}`}
            className="inline-flex items-center gap-1.5 rounded-lg font-semibold tabular-nums hover:text-primary"
          >
            {parts.chevron}#{order.id}
          </button>
          {isNew && (
            <div className="mt-1 pl-5">
              <NewFlag />
            </div>
          )}
        </td>
        <td className="px-2.5 py-3 font-medium break-words">{order.customer}</td>
        <td className="px-2.5 py-3 text-sm">
          <PhoneLink phone={order.phone} />
          {order.email && (
            <span className="mt-1 block truncate text-xs text-muted" title={order.email}>
              {order.email}
            </span>
          )}
        </td>
        <td className="px-2.5 py-3 text-sm">
          <AddressLink address={order.address} />
        </td>
        <td className="px-2.5 py-3 text-right font-semibold tabular-nums">
          {formatDollars(order.total)}
        </td>
        <td className="px-2.5 py-3 text-sm text-muted">
          <span className="block whitespace-nowrap text-fg">
            {formatDate(order.date, 'MMM d, yyyy')}
          </span>
          <span className="block whitespace-nowrap text-xs">
            {formatDate(order.date, 'h:mm a')}
          </span>
        </td>
        <td className="px-2.5 py-3 text-sm" data-testid="order-when">
          {orderWhen(order)}
        </td>
        <td className="px-2.5 py-3">
          {parts.status('w-full')}
          {parts.driver('mt-1.5 w-full')}
        </td>
        <td className="px-2.5 py-3">{parts.actions}</td>
      </tr>
      {expanded && (
        <tr className="bg-surface-2/30">
          <td colSpan={9} className="px-2.5 pt-1 pb-4">
            {parts.details}
          </td>
        </tr>
      )}
    </Fragment>
  );
}

function OrderCard(props: RowProps) {
  const { order, isNew, expanded, onToggle } = props;
  const parts = orderParts(props);
  return (
    <li
      data-testid="order-card"
      data-order-id={order.id}
      className={clsx(
        'rounded-xl border p-4',
        isNew ? 'border-accent bg-accent/10' : 'border-line bg-bg/30',
      )}
    >
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="flex items-center gap-2 font-bold tabular-nums">
            Order #{order.id}
            {isNew && <NewFlag />}
          </p>
          <p className="text-xs text-muted">{formatDate(order.date)}</p>
          <p className="mt-1 text-sm font-medium" data-testid="order-when">
            {orderWhen(order)}
          </p>
        </div>
        <p className="text-lg font-bold tabular-nums">{formatDollars(order.total)}</p>
      </div>
      <div className="mt-3 flex flex-col gap-1.5 text-sm">
        <p className="font-semibold">{order.customer}</p>
        <PhoneLink phone={order.phone} />
        <AddressLink address={order.address} />
      </div>
      {/* full-width selects: "Samantha · #D-10427" and "On The Way" are never cut off */}
      {parts.driver('mt-3 w-full')}
      {parts.status('mt-2 h-11 w-full')}
      <div className="mt-3 flex items-center justify-between gap-1 border-t border-line pt-3">
        <div className="flex w-full items-center justify-between gap-1">
          <Button
            variant="ghost"
            size="sm"
            onClick={onToggle}
            aria-expanded={expanded}
            aria-label={`Details of order #${order.id}`}
          >
            Details
            {parts.chevron}
          </Button>
          {parts.actions}
        </div>
      </div>
      {expanded && <div className="mt-3">{parts.details}</div>}
    </li>
  );
}

/** Spec §2.10: Orders Management. */
export function OrdersPanel({ id, readOnly = false }: { id: string; readOnly?: boolean }) {
  const queryClient = useQueryClient();
  const orders = useOrders();
  const flagged = useNewOrderFlags(orders.data);
  const [tab, setTab] = useState<OrdersTab>('active');
  const [query, setQuery] = useState('');
  const [expanded, setExpanded] = useState<ReadonlySet<number>>(() => new Set());
  const [editing, setEditing] = useState<Order | null>(null);
  const statusMutation = useUpdateOrderStatus();
  const deletion = useConfirmedDelete<Order, number>(useDeleteOrder(), {
    deleted: (order) => ({
      title: 'Order deleted',
      description: `Order #${order.id} was deleted and its stock restored.`,
    }),
    failed: (error) => ({
      title: 'Error',
      description: `Failed to delete order: ${errorText(error)}`,
      variant: 'destructive',
    }),
  });
  const replaceOrder = useReplaceOrder();
  const records = useRuleSet().salesRecords !== null;
  const isOwner = useSession().data?.role === 'owner';
  const [handingOver, setHandingOver] = useState<Order | null>(null);
  const [voiding, setVoiding] = useState<Order | null>(null);
  const [returning, setReturning] = useState<Order | null>(null);
  const [overriding, setOverriding] = useState<Order | null>(null);

  // a session that ended on the server (expiry, logout elsewhere): let the route guard re-check
  useEffect(() => {
    if (orders.error instanceof ApiError && orders.error.status === 401) {
      void queryClient.invalidateQueries({ queryKey: sessionKeys.current });
    }
  }, [orders.error, queryClient]);

  const split = useMemo(() => splitOrders(orders.data ?? [], query), [orders.data, query]);
  const visible = split.visible[tab];

  const toggle = (orderId: number) =>
    setExpanded((current) => {
      const next = new Set(current);
      if (!next.delete(orderId)) next.add(orderId);
      return next;
    });

  const sendStatus = (update: StatusUpdate, after?: () => void) =>
    statusMutation.mutateAsync(update).then(
      () => {
        after?.();
        toast({
          title: 'Order updated',
          description: `Order #${update.id} is now ${update.status}.`,
        });
      },
      (error) => {
        toast({
          title: 'Error',
          description: `Failed to update order status: ${errorText(error)}`,
          variant: 'destructive',
        });
        throw error;
      },
    );

  /**
   * Where sales are records, handing over goes through the ID check (and the
   * customer's signature for a delivery), and cancelling asks why; otherwise any status at once.
   */
  const changeStatus = (order: Order, status: OrderStatus) => {
    if (status === order.status) return;
    if (records && status === 'completed') return setHandingOver(order);
    if (records && status === 'cancelled') return setVoiding(order);
    void sendStatus({ id: order.id, status }).catch(() => undefined);
  };

  const handOver = (signature: string | null, payment: Payment) => {
    if (!handingOver) return;
    const update = {
      id: handingOver.id,
      status: 'completed' as const,
      payment,
      ...(signature ? { signature } : {}),
    };
    void sendStatus(update, () => setHandingOver(null)).catch(() => undefined);
  };

  const allowRecheck = async (reason: string) => {
    if (!overriding) return;
    replaceOrder(await allowIdRecheck(overriding.id, reason));
    toast({
      title: 'Another check allowed',
      description: `Order #${overriding.id} may be checked once more.`,
    });
  };

  const saveReturn = async (input: {
    reason: string;
    items: { lineId: number; count: number }[];
  }) => {
    if (!returning) return;
    replaceOrder(await recordReturn(returning.id, input));
    // the goods now wait in Inventory's "Returned, to destroy"
    void queryClient.invalidateQueries({ queryKey: toDestroyKeys.all });
    toast({
      title: 'Return recorded',
      description: `The goods of order #${returning.id} are kept for destruction.`,
    });
  };

  const rowProps = (order: Order): RowProps => ({
    order,
    isNew: flagged.has(order.id),
    expanded: expanded.has(order.id),
    onToggle: () => toggle(order.id),
    onStatus: (status) => changeStatus(order, status),
    onEdit: () => setEditing(order),
    onDelete: records ? undefined : () => deletion.ask(order),
    onRecordReturn:
      records && !readOnly && isHandedOver(order.status) ? () => setReturning(order) : undefined,
    onAllowRecheck:
      isOwner && order.idCheck?.passed === false && order.idCheckOverride?.used !== false
        ? () => setOverriding(order)
        : undefined,
    statusPending: statusMutation.isPending && statusMutation.variables?.id === order.id,
    readOnly,
  });

  const tabs: { key: OrdersTab; label: string; count: number }[] = [
    { key: 'active', label: 'Active Orders', count: split.active.length },
    { key: 'history', label: 'Order History', count: split.history.length },
  ];

  return (
    <Panel
      id={id}
      title="Orders Management"
      description={
        readOnly
          ? 'Newest first. Your role reads orders without changing them.'
          : records
            ? 'Newest first. A handed-over sale is final: record a return beside it.'
            : 'Newest first. Any status can be set at any time.'
      }
      icon={<ClipboardList aria-hidden="true" className="h-5 w-5" />}
    >
      <Tabs value={tab} onValueChange={setTab} className="flex flex-col gap-4">
        <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
          <TabList aria-label="Orders" className="inline-flex">
            {tabs.map((t) => (
              <Tab key={t.key} value={t.key} className="sm:flex-none">
                {t.label}
                <CountBadge active={tab === t.key}>{t.count}</CountBadge>
              </Tab>
            ))}
          </TabList>
          <SearchField
            label="Search orders"
            placeholder="Search orders by #, name, phone, address"
            value={query}
            onChange={setQuery}
            className="sm:w-80"
          />
        </div>

        <TabPanel value={tab}>
          {orders.isPending ? (
            <SkeletonList rows={3} rowClassName="h-12" />
          ) : orders.isError ? (
            <div className="rounded-xl border border-danger/40 bg-danger/10 p-4 text-sm">
              Could not load orders: {errorText(orders.error)}{' '}
              <button
                type="button"
                className="font-semibold underline"
                onClick={() => void orders.refetch()}
              >
                Try again
              </button>
            </div>
          ) : visible.length === 0 ? (
            <p className="rounded-xl border border-dashed border-line p-8 text-center text-muted">
              {query.trim()
                ? 'No orders match your search.'
                : tab === 'active'
                  ? 'No active orders right now.'
                  : 'No completed orders yet.'}
            </p>
          ) : (
            <>
              <div className="hidden overflow-x-auto rounded-xl border border-line lg:block">
                <table className="w-full table-fixed text-left">
                  <colgroup>
                    <col className="w-20" />
                    <col className="w-[13%]" />
                    <col className="w-36" />
                    <col />
                    <col className="w-24" />
                    <col className="w-28" />
                    <col className="w-32" />
                    <col className="w-36" />
                    <col className="w-22" />
                  </colgroup>
                  <thead className="bg-surface-2/60 text-xs font-semibold tracking-wide whitespace-nowrap text-muted uppercase">
                    <ColumnHeads
                      names={[
                        'Order ID',
                        'Customer',
                        'Contact Info',
                        'Address',
                        'Total',
                        'Date',
                        'When',
                        'Status',
                        'Actions',
                      ]}
                      right={['Total']}
                      className="px-2.5 py-2.5"
                    />
                  </thead>
                  <tbody>
                    {visible.map((order) => (
                      <OrderTableRow key={order.id} {...rowProps(order)} />
                    ))}
                  </tbody>
                </table>
              </div>
              <ul className="flex flex-col gap-3 lg:hidden">
                {visible.map((order) => (
                  <OrderCard key={order.id} {...rowProps(order)} />
                ))}
              </ul>
            </>
          )}
        </TabPanel>
      </Tabs>

      <EditDeliveryDialog order={editing} place="orders" onClose={() => setEditing(null)} />
      <HandoverDialog
        order={handingOver}
        checkIdAt={checkIdAtCounter}
        handingOver={statusMutation.isPending}
        onClose={() => setHandingOver(null)}
        onHandOver={handOver}
      />
      <VoidDialog
        order={voiding}
        onClose={() => setVoiding(null)}
        onVoid={(reason) => sendStatus({ id: voiding!.id, status: 'cancelled', reason })}
      />
      <ReturnDialog order={returning} onClose={() => setReturning(null)} onReturn={saveReturn} />
      <OverrideDialog
        order={overriding}
        onClose={() => setOverriding(null)}
        onAllow={allowRecheck}
      />
      <ConfirmDialog
        {...deletion.dialog}
        title={deletion.shown ? `Delete order #${deletion.shown.id}?` : 'Delete order?'}
        message="Are you sure you want to delete this order? This action cannot be undone."
      />
    </Panel>
  );
}
