import { useSyncExternalStore } from 'react';

/** A tiny external store read with useSyncExternalStore: one value, many listeners. */
export interface Store<T> {
  get(): T;
  set(next: T | ((previous: T) => T)): void;
  subscribe(listener: () => void): () => void;
}

export function createStore<T>(initial: T): Store<T> {
  let value = initial;
  const listeners = new Set<() => void>();
  return {
    get: () => value,
    set(next) {
      const resolved = typeof next === 'function' ? (next as (p: T) => T)(value) : next;
      if (Object.is(resolved, value)) return;
      value = resolved;
      for (const listener of listeners) listener();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/**
 * `serverSnapshot` is what the server printed (and what hydration must match) when the
 * browser's value comes from its own storage, e.g. the cart.
 */
export function useStore<T>(store: Store<T>, serverSnapshot?: T): T {
  return useSyncExternalStore(
    store.subscribe,
    store.get,
    serverSnapshot === undefined ? store.get : () => serverSnapshot,
  );
}
