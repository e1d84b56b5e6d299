/** Money inside the engine is integer cents; the API and Product speak dollars. */

/**
 * Rounds half up (towards +infinity), after trimming float noise at 15 significant
 * digits so that 100.49999999999999 (= 1.005 * 100) counts as the 100.5 it means.
 */
export function roundHalfUp(value: number): number {
  const cleaned = Number(value.toPrecision(15));
  return Math.floor(cleaned + 0.5) || 0;
}

export function toCents(dollars: number): number {
  return roundHalfUp(dollars * 100);
}

export function toDollars(cents: number): number {
  return cents / 100;
}

export function formatCents(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  return `${sign}$${(Math.abs(cents) / 100).toFixed(2)}`;
}

export function formatDollars(dollars: number): string {
  return formatCents(toCents(dollars));
}

/** Whole dollars without cents, as the spec's "$50"; other amounts as formatCents. */
export function formatCentsShort(cents: number): string {
  return cents % 100 === 0
    ? `${cents < 0 ? '-' : ''}$${Math.abs(cents) / 100}`
    : formatCents(cents);
}

/** A rate in percent, e.g. "9.5%", "15%". */
export function formatPercent(percent: number): string {
  return `${Number(percent.toFixed(3))}%`;
}
