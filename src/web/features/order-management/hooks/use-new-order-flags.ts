import { TIMERS } from '@shared/constants';
import type { Order } from '@shared/schemas/orders';
import { newOrderIds } from '@web/features/order-management/orders-logic';
import { useEffect, useRef, useState } from 'react';

/** Spec §2.10/§9: orders that arrive while the dashboard is open are flagged NEW! for 5 s. */
export function useNewOrderFlags(orders: readonly Order[] | undefined): ReadonlySet<number> {
  const previous = useRef<number[] | null>(null);
  const [flagged, setFlagged] = useState<ReadonlySet<number>>(() => new Set());
  const timers = useRef(new Set<number>());

  useEffect(() => {
    if (!orders) return;
    const fresh = newOrderIds(previous.current, orders);
    previous.current = orders.map((o) => o.id);
    if (fresh.length === 0) return;
    setFlagged((current) => new Set([...current, ...fresh]));
    const timer = window.setTimeout(() => {
      timers.current.delete(timer);
      setFlagged((current) => new Set([...current].filter((id) => !fresh.includes(id))));
    }, TIMERS.newOrderFlagMs);
    timers.current.add(timer);
  }, [orders]);

  useEffect(() => {
    const pending = timers.current;
    return () => {
      for (const timer of pending) window.clearTimeout(timer);
    };
  }, []);

  return flagged;
}
