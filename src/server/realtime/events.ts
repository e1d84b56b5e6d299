import type { OrderStatus } from '../../shared/constants';
import type { DomainEventMap, ServerMessageMap } from '../../shared/events';

/** Events between the instances' hubs, never sent to a socket. */
export interface InternalEventMap {
  /** dealer sessions that ended (logout): their sockets stop being dealer sockets */
  'dealer-sessions-ended': { sessionIds: string[] };
  /** an order moved from one status to another (its shopper may be told: notifications) */
  'order-status-changed': { id: number; from: OrderStatus; to: OrderStatus };
}
export const INTERNAL_EVENTS: ReadonlySet<string> = new Set<keyof InternalEventMap>([
  'dealer-sessions-ended',
  'order-status-changed',
]);

/** What travels on the bus: domain changes plus the chat messages that must reach other instances. */
export type BusEventMap = DomainEventMap &
  InternalEventMap &
  Pick<
    ServerMessageMap,
    'new-chat-message' | 'support-response' | 'new-customer-contact' | 'contact-message-handled'
  >;
export type BusEventType = keyof BusEventMap;

export interface BusEvent<K extends BusEventType = BusEventType> {
  type: K;
  data: BusEventMap[K];
  /** order events: the shopper who owns the order may see it too */
  shopperId?: string | null;
  /** chat events: the chat session they belong to */
  chatSessionId?: string | null;
  /** order events: the drivers who see the order (its driver, and the one it was taken from) */
  driverIds?: number[];
}

/** Any one event, its data typed by its type. */
export type DomainEvent = { [K in BusEventType]: BusEvent<K> }[BusEventType];

/** An event a service caused, to be published once its transaction has committed. */
export function busEvent<K extends BusEventType>(
  type: K,
  data: BusEventMap[K],
  scope: Omit<BusEvent, 'type' | 'data'> = {},
): DomainEvent {
  return { type, data, ...scope } as DomainEvent;
}

/** What a service that changes something answers: its result and the events the change caused. */
export interface Outcome<T> {
  value: T;
  events: DomainEvent[];
}

type Listener = (event: BusEvent) => void;

/**
 * Services publish committed changes here. Local listeners (this instance's
 * hub, caches) hear every event; on PostgreSQL the LISTEN/NOTIFY bridge also
 * forwards local events to the other instances and feeds theirs in with
 * `deliverRemote`, which does not forward again.
 */
export function createEventBus() {
  const listeners = new Set<Listener>();
  const forwarders = new Set<Listener>();
  const deliver = (event: BusEvent) => {
    for (const listener of listeners) {
      try {
        listener(event);
      } catch (error) {
        console.error('event listener failed', error);
      }
    }
  };
  return {
    publish<K extends BusEventType>(
      type: K,
      data: BusEventMap[K],
      scope: Omit<BusEvent, 'type' | 'data'> = {},
    ): void {
      const event = { type, data, ...scope } as BusEvent;
      deliver(event);
      for (const forward of forwarders) forward(event);
    },
    deliverRemote: deliver,
    subscribe(listener: Listener): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    addForwarder(forward: Listener): () => void {
      forwarders.add(forward);
      return () => forwarders.delete(forward);
    },
  };
}

export type EventBus = ReturnType<typeof createEventBus>;
