/** A saved number as its input holds it: text, and empty for none (so putting it back changes nothing). */
export const toFormText = (value: number | null | undefined): string =>
  value === null || value === undefined ? '' : String(value);
