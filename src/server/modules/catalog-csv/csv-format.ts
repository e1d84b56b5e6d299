import { CsvError, parse } from 'csv-parse/sync';
import {
  CATALOG_CSV_COLUMNS,
  type CatalogCsvColumn,
  type CsvCellError,
  LIST_SEPARATOR,
  METRC_PACKAGE_COLUMNS,
  PAIR_SEPARATOR,
} from '../../../shared/catalog-csv';
import {
  PRODUCT_FACT_NUMBER_FIELDS,
  PRODUCT_FACT_TEXT_FIELDS,
  PRODUCT_LIMIT_FIELDS,
  PRODUCT_LIST_FIELDS,
  PRODUCT_PRICE_FIELDS,
  PRODUCT_TEXT_FIELDS,
} from '../../../shared/product-fields';
import type { Product } from '../../../shared/schemas/products';
import { spreadsheetCsv } from '../../http/spreadsheet-csv';

/** Cells a spreadsheet would run as a formula start with one of these; export prefixes them with '. */
const FORMULA_START = /^'[=+\-@\t\r]/;
export const MAX_IMPORT_ROWS = 5000;

const NUMBER_COLUMNS = [
  ...PRODUCT_PRICE_FIELDS,
  'stock',
  ...PRODUCT_LIMIT_FIELDS,
  ...PRODUCT_FACT_NUMBER_FIELDS,
] as const;
/** A signed decimal becomes a number, so "-1" is answered "must be at least 0" rather than "must be a number". */
const SIGNED_DECIMAL = /^-?\d+(\.\d+)?$/;
const numberOrText = (cell: string) => (SIGNED_DECIMAL.test(cell) ? Number(cell) : cell);

const money = (dollars: number | null) => (dollars === null ? '' : dollars.toFixed(2));
const joinList = (items: readonly string[]) => items.join(`${LIST_SEPARATOR} `);
const joinPairs = (record: Record<string, string | number>) =>
  joinList(Object.entries(record).map(([key, value]) => `${key}${PAIR_SEPARATOR} ${value}`));

/** A package as the CSV carries it, from the export to the import. */
export interface CsvPackage {
  tag: string;
  quantityRemaining: number;
  quantityReceived: number;
  itemName: string;
  flavor: string | null;
}

type PackageCells = Record<(typeof METRC_PACKAGE_COLUMNS)[number], string>;

/** A product's packages, oldest first, each column keyed by tag. */
function packageCells(packages: readonly CsvPackage[]): PackageCells {
  const keyed = (value: (p: CsvPackage) => string | number | null) =>
    joinPairs(
      Object.fromEntries(
        packages.flatMap((p) => {
          const v = value(p);
          return v === null ? [] : [[p.tag, v]];
        }),
      ),
    );
  return {
    metrcPackages: keyed((p) => p.quantityRemaining),
    metrcPackagesReceived: keyed((p) => p.quantityReceived),
    metrcPackageItems: keyed((p) => p.itemName),
    metrcPackageFlavors: keyed((p) => p.flavor),
  };
}

function productCells(p: Product, packages: PackageCells): Record<CatalogCsvColumn, string> {
  return {
    id: String(p.id),
    name: p.name,
    category: p.category,
    subcategory: p.subcategory ?? '',
    description: p.description,
    ...(Object.fromEntries(PRODUCT_PRICE_FIELDS.map((c) => [c, money(p[c])])) as Record<
      (typeof PRODUCT_PRICE_FIELDS)[number],
      string
    >),
    stock: String(p.stock),
    cannabisGrams: String(p.cannabisGrams),
    concentrateGrams: String(p.concentrateGrams),
    cannabis: String(p.cannabis),
    featured: String(p.featured),
    strain: p.strain,
    strainTypes: joinList(p.strainTypes),
    flavors: joinList(p.flavors),
    flavorStrains: joinPairs(p.flavorStrains),
    flavorStocks: joinPairs(p.flavorStocks),
    media: joinList(p.media),
    ...(Object.fromEntries(PRODUCT_FACT_TEXT_FIELDS.map((c) => [c, p[c] ?? ''])) as Record<
      (typeof PRODUCT_FACT_TEXT_FIELDS)[number],
      string
    >),
    ...(Object.fromEntries(
      PRODUCT_FACT_NUMBER_FIELDS.map((c) => [c, p[c] === null ? '' : String(p[c])]),
    ) as Record<(typeof PRODUCT_FACT_NUMBER_FIELDS)[number], string>),
    effects: joinList(p.effects),
    createdAt: p.createdAt,
    ...packages,
  };
}

/** The catalog as CSV: a header row, then one row per product (UTF-8 with a BOM, so spreadsheets read accents). */
export function catalogToCsv(
  products: readonly Product[],
  packages: ReadonlyMap<number, readonly CsvPackage[]> = new Map(),
): string {
  return spreadsheetCsv(
    products.map((p) => productCells(p, packageCells(packages.get(p.id) ?? []))),
    {
      header: true,
      columns: [...CATALOG_CSV_COLUMNS],
      bom: true,
    },
  );
}

export interface CsvRow {
  line: number;
  /** only the columns the file has */
  cells: Partial<Record<CatalogCsvColumn, string>>;
  errors: CsvCellError[];
}

export type ParsedCsv = { ok: true; rows: CsvRow[] } | { ok: false; errors: CsvCellError[] };

/** Undoes the export's formula escape, so an exported file reads back unchanged. */
const unescapeCell = (cell: string) => (FORMULA_START.test(cell) ? cell.slice(1) : cell);

interface RawRecord {
  record: string[];
  info: { lines: number; empty_lines: number };
}

function readRecords(text: string): RawRecord[] | CsvCellError {
  try {
    return parse(text, {
      bom: true,
      info: true,
      relax_column_count: true,
      skip_empty_lines: true,
    }) as unknown as RawRecord[];
  } catch (error) {
    if (!(error instanceof CsvError)) throw error;
    const line = (error as CsvError & { lines?: number }).lines ?? 1;
    return { line, column: null, message: `This is not valid CSV: ${error.message}` };
  }
}

function headerColumns(header: string[]): {
  columns: (CatalogCsvColumn | null)[];
  errors: CsvCellError[];
} {
  const known = new Map(CATALOG_CSV_COLUMNS.map((c) => [c.toLowerCase(), c]));
  const seen = new Set<string>();
  const errors: CsvCellError[] = [];
  const columns = header.map((raw) => {
    const name = raw.trim();
    const column = known.get(name.toLowerCase()) ?? null;
    if (!column) {
      errors.push({
        line: 1,
        column: name,
        message: `Unknown column; the columns are ${CATALOG_CSV_COLUMNS.join(', ')}`,
      });
    } else if (seen.has(column)) {
      errors.push({ line: 1, column, message: 'This column appears twice' });
    }
    if (column) seen.add(column);
    return column;
  });
  return { columns, errors };
}

/** Reads the file into rows of cells by column, each with the line it starts on (the header is line 1). */
export function parseCatalogCsv(text: string): ParsedCsv {
  const records = readRecords(text);
  if (!Array.isArray(records)) return { ok: false, errors: [records] };
  if (records.length === 0)
    return { ok: false, errors: [{ line: 1, column: null, message: 'The file is empty' }] };
  if (records.length - 1 > MAX_IMPORT_ROWS) {
    const message = `The file has ${records.length - 1} products; import at most ${MAX_IMPORT_ROWS} at once`;
    return { ok: false, errors: [{ line: 1, column: null, message }] };
  }
  const [header, ...body] = records;
  const { columns, errors } = headerColumns(header.record);
  if (errors.length > 0) return { ok: false, errors };
  const rows: CsvRow[] = [];
  let lastLine = header.info.lines;
  let lastEmpty = header.info.empty_lines;
  for (const { record, info } of body) {
    const line = lastLine + 1 + (info.empty_lines - lastEmpty);
    lastLine = info.lines;
    lastEmpty = info.empty_lines;
    const row: CsvRow = { line, cells: {}, errors: [] };
    if (record.length !== columns.length) {
      row.errors.push({
        line,
        column: null,
        message: `This row has ${record.length} cells; the header has ${columns.length}`,
      });
    }
    columns.forEach((column, index) => {
      if (column && index < record.length) row.cells[column] = unescapeCell(record[index]);
    });
    rows.push(row);
  }
  return { ok: true, rows };
}

const splitList = (cell: string) =>
  cell
    .split(LIST_SEPARATOR)
    .map((item) => item.trim())
    .filter((item) => item !== '');

const BOOLEAN_WORDS: Record<string, boolean> = {
  true: true,
  yes: true,
  '1': true,
  false: false,
  no: false,
  '0': false,
};

/** A yes/no cell as the schema reads it; an empty cell takes the field's default. */
function booleanCell(cell: string, empty: boolean): boolean | string {
  const word = cell.trim().toLowerCase();
  if (word === '') return empty;
  return Object.hasOwn(BOOLEAN_WORDS, word) ? BOOLEAN_WORDS[word] : cell;
}

export interface CellProblem {
  column: CatalogCsvColumn;
  message: string;
}

/** `Mango: Sativa; Grape: Hybrid` -> { Mango: 'Sativa', Grape: 'Hybrid' }; the value follows the last colon. */
function splitPairs(
  column: CatalogCsvColumn,
  cell: string,
  problems: CellProblem[],
): Record<string, string> {
  const pairs: Record<string, string> = {};
  for (const item of splitList(cell)) {
    const at = item.lastIndexOf(PAIR_SEPARATOR);
    if (at <= 0) {
      problems.push({
        column,
        message: `"${item}" needs a flavor and a value, like "Mango${PAIR_SEPARATOR} ${column === 'flavorStocks' ? '4' : 'Sativa'}"`,
      });
      continue;
    }
    pairs[item.slice(0, at).trim()] = item.slice(at + 1).trim();
  }
  return pairs;
}

/**
 * The product payload a row stands for, in the shape the shared product schema
 * validates (cells stay text where the schema reads numbers from text). Only the
 * file's columns appear, so an update keeps the fields the file leaves out.
 */
export function bodyFromCells(cells: CsvRow['cells']): {
  body: Record<string, unknown>;
  problems: CellProblem[];
} {
  const body: Record<string, unknown> = {};
  const problems: CellProblem[] = [];
  for (const column of [...PRODUCT_TEXT_FIELDS, ...PRODUCT_FACT_TEXT_FIELDS]) {
    if (cells[column] !== undefined) body[column] = cells[column].trim();
  }
  for (const column of NUMBER_COLUMNS) {
    if (cells[column] !== undefined) body[column] = numberOrText(cells[column].trim());
  }
  if (cells.featured !== undefined) body.featured = booleanCell(cells.featured, false);
  if (cells.cannabis !== undefined) body.cannabis = booleanCell(cells.cannabis, true);
  for (const column of PRODUCT_LIST_FIELDS) {
    if (cells[column] !== undefined) body[column] = splitList(cells[column]);
  }
  if (cells.flavorStrains !== undefined)
    body.flavorStrains = splitPairs('flavorStrains', cells.flavorStrains, problems);
  if (cells.flavorStocks !== undefined) {
    const stocks = splitPairs('flavorStocks', cells.flavorStocks, problems);
    body.flavorStocks = Object.fromEntries(
      Object.entries(stocks).map(([flavor, amount]) => [flavor, numberOrText(amount)]),
    );
  }
  return { body, problems };
}

/** The id cell: empty adds a product, a positive whole number names the one to update. */
export function idFromCell(cell: string | undefined): number | null | 'invalid' {
  const text = cell?.trim() ?? '';
  if (text === '') return null;
  return /^\d{1,10}$/.test(text) && Number(text) > 0 && Number(text) <= 2_147_483_647
    ? Number(text)
    : 'invalid';
}

/** A package a row names: its cells as read, numbers still text where they are not numbers. */
export interface RowPackage {
  tag: string;
  quantityRemaining: number | string;
  quantityReceived: number | string | undefined;
  itemName: string | undefined;
  flavor: string | null;
}

/** `TAG: value` items of a package column; the tag is everything before the first colon. */
function tagPairs(
  column: CatalogCsvColumn,
  cell: string,
  problems: CellProblem[],
): Map<string, string> {
  const pairs = new Map<string, string>();
  for (const item of splitList(cell)) {
    const at = item.indexOf(PAIR_SEPARATOR);
    if (at <= 0) {
      problems.push({
        column,
        message: `"${item}" needs a package tag and a value, like "1A4FF0100000022000000001${PAIR_SEPARATOR} 10"`,
      });
      continue;
    }
    const tag = item.slice(0, at).trim().toUpperCase();
    if (pairs.has(tag)) problems.push({ column, message: `Package ${tag} is listed twice` });
    pairs.set(tag, item.slice(at + 1).trim());
  }
  return pairs;
}

/**
 * The packages a row names (metrcPackages lists them; the other package columns add to the
 * ones it lists), or null when the file has no metrcPackages column: the row leaves its
 * product's packages as they are.
 */
export function packagesFromCells(cells: CsvRow['cells']): {
  packages: RowPackage[] | null;
  problems: CellProblem[];
} {
  const problems: CellProblem[] = [];
  if (cells.metrcPackages === undefined) {
    for (const column of METRC_PACKAGE_COLUMNS)
      if (cells[column]?.trim())
        problems.push({ column, message: 'needs the metrcPackages column beside it' });
    return { packages: null, problems };
  }
  const remaining = tagPairs('metrcPackages', cells.metrcPackages, problems);
  const other = (column: (typeof METRC_PACKAGE_COLUMNS)[number]) => {
    const pairs = tagPairs(column, cells[column] ?? '', problems);
    for (const tag of pairs.keys())
      if (!remaining.has(tag))
        problems.push({ column, message: `Package ${tag} is not in metrcPackages` });
    return pairs;
  };
  const received = other('metrcPackagesReceived');
  const items = other('metrcPackageItems');
  const flavors = other('metrcPackageFlavors');
  const packages = [...remaining].map(([tag, left]) => {
    const got = received.get(tag);
    return {
      tag,
      quantityRemaining: numberOrText(left),
      quantityReceived: got === undefined ? undefined : numberOrText(got),
      itemName: items.get(tag),
      flavor: flavors.get(tag) || null,
    };
  });
  return { packages, problems };
}
