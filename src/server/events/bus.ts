import type { BusEventMap, BusEventType } from '../../shared/events';

export type { BusEventMap, BusEventType } from '../../shared/events';

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
