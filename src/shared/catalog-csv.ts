/**
 * The catalog spreadsheet: its columns, how a list sits in one cell,
 * and the answer of an import. The server reads and writes the CSV; the browser
 * shows the preview.
 */
import { PRODUCT_FIELDS } from './product-fields';

/**
 * The Metrc packages with stock left behind a product, each column a list keyed by
 * the package's tag, oldest package first: `metrcPackages` what each still holds
 * (`tag: 9; …`), `metrcPackagesReceived` what it arrived with, `metrcPackageItems` its Metrc
 * item name, `metrcPackageFlavors` the flavor it stocks (only packages of one flavor). The unit
 * follows the product: grams for goods sold by weight, each for units.
 */
export const METRC_PACKAGE_COLUMNS = [
  'metrcPackages',
  'metrcPackagesReceived',
  'metrcPackageItems',
  'metrcPackageFlavors',
] as const;

/**
 * Every product field, in the order of the product form (`createdAt` is read-only), then the
 * product's Metrc packages: an import records a package it does not know as received (the
 * same rules as "Receive stock") and updates one it knows.
 */
export const CATALOG_CSV_COLUMNS = [
  'id',
  ...PRODUCT_FIELDS,
  'createdAt',
  ...METRC_PACKAGE_COLUMNS,
] as const;
export type CatalogCsvColumn = (typeof CATALOG_CSV_COLUMNS)[number];

/** Lists in a cell: `Mango; Grape`. Flavor details name their flavor: `Mango: Sativa; Grape: Hybrid`. */
export const LIST_SEPARATOR = ';';
export const PAIR_SEPARATOR = ':';

export const CATALOG_IMPORT_MAX_BYTES = 5 * 1024 * 1024;

export const IMPORT_ACTIONS = ['add', 'update', 'skip', 'error'] as const;
export type ImportAction = (typeof IMPORT_ACTIONS)[number];

/** One problem: the 1-based line of the file (the header is line 1) and the column's header name. */
export interface CsvCellError {
  line: number;
  /** null when the problem is the whole line or file */
  column: string | null;
  message: string;
}

export interface ImportRowResult {
  line: number;
  action: ImportAction;
  /** the product's id: the updated or skipped one, the new one after an applied add */
  id: number | null;
  name: string;
  errors: CsvCellError[];
}

export interface CatalogImportResult {
  applied: boolean;
  counts: Record<ImportAction, number>;
  rows: ImportRowResult[];
  /** every problem of the file, rows' included, in line order */
  errors: CsvCellError[];
}

/** "Line 4, price: must be at least 0" */
export function describeCsvError(error: CsvCellError): string {
  return `Line ${error.line}${error.column ? `, ${error.column}` : ''}: ${error.message}`;
}
