import { isClosed, isHandedOver } from '@shared/order-lifecycle';
import type { Order } from '@shared/schemas/orders';
import { useRuleSet } from '@web/api/get-dealer-settings';
import { useDrivers } from '@web/api/get-drivers';
import { toast } from '@web/components/ui/toast';
import { useAssignDriver } from '@web/features/order-management/api/order-mutations';
import { errorText } from '@web/lib/error-messages';
import { clsx } from 'clsx';
import { Truck } from 'lucide-react';

const NOBODY = '';

/**
 * Who drives a delivery: the dispatcher picks an active driver, and the stop
 * appears on that driver's phone at once. Pickups have no driver; read-only staff see the name.
 */
export function DriverSelect({
  order,
  readOnly,
  className,
}: {
  order: Order;
  readOnly: boolean;
  className?: string;
}) {
  const drivers = useDrivers(!readOnly && order.orderType !== 'pickup');
  const records = useRuleSet().salesRecords !== null;
  const assign = useAssignDriver();
  if (order.orderType === 'pickup') return null;
  if (readOnly) {
    return order.driver ? (
      <p className={clsx('flex items-center gap-1.5 text-xs text-muted', className)}>
        <Truck aria-hidden="true" className="h-3.5 w-3.5" />
        {order.driver.firstName}
      </p>
    ) : null;
  }
  const change = (value: string) => {
    const driverId = value === NOBODY ? null : Number(value);
    assign.mutate(
      { id: order.id, driverId },
      {
        onSuccess: (updated) =>
          toast({
            title: 'Driver assigned',
            description: updated.driver
              ? `${updated.driver.firstName} now has order #${order.id}.`
              : `Order #${order.id} has no driver now.`,
          }),
        onError: (error) =>
          toast({
            title: 'Error',
            description: `Failed to assign the driver: ${errorText(error)}`,
            variant: 'destructive',
          }),
      },
    );
  };
  // the assigned driver stays listed even if the account was turned off since
  const options = [...(drivers.data ?? [])];
  if (order.driver && !options.some((d) => d.id === order.driver?.id))
    options.push({ ...order.driver, employeeNumber: '' });
  return (
    <select
      aria-label={`Driver of order #${order.id}`}
      value={order.driver ? String(order.driver.id) : NOBODY}
      disabled={
        assign.isPending || isClosed(order.status) || (records && isHandedOver(order.status))
      }
      onChange={(e) => change(e.target.value)}
      className={clsx(
        'h-9 cursor-pointer rounded-lg border border-line bg-surface-2 px-2 text-sm focus:outline-none focus-visible:ring-2 focus-visible:ring-ring disabled:cursor-not-allowed disabled:opacity-60',
        !order.driver && 'text-muted',
        className,
      )}
    >
      <option value={NOBODY} className="bg-surface text-fg">
        No driver
      </option>
      {options.map((driver) => (
        <option key={driver.id} value={driver.id} className="bg-surface text-fg">
          {driver.firstName}
          {driver.employeeNumber ? ` · #${driver.employeeNumber}` : ''}
        </option>
      ))}
    </select>
  );
}
