/**
 * Plain objects keyed by text a client chose (flavor names, ...): only own properties count,
 * so "constructor" or "__proto__" never reach Object.prototype.
 */
export function ownValue<V>(record: Readonly<Record<string, V>>, key: string): V | undefined {
  return Object.hasOwn(record, key) ? record[key] : undefined;
}

/** Sets `key` as an own property even when it is "__proto__" (plain assignment would not). */
export function setOwn<V>(record: Record<string, V>, key: string, value: V): void {
  Object.defineProperty(record, key, {
    value,
    enumerable: true,
    writable: true,
    configurable: true,
  });
}
