import { isDeepStrictEqual } from 'node:util';
import type { Kysely } from 'kysely';
import {
  CATALOG_CSV_COLUMNS,
  type CatalogImportResult,
  type CsvCellError,
  type ImportAction,
  type ImportRowResult,
} from '../../../shared/catalog-csv';
import { missingGramsProblem } from '../../../shared/compliance/limits';
import type { RuleSet } from '../../../shared/compliance/rule-set';
import { PRODUCT_FIELDS } from '../../../shared/product-fields';
import { type Product, type ProductFields, productSchema } from '../../../shared/schemas/products';
import type { Db } from '../../db/connect';
import { nowIso } from '../../db/json';
import type { Database, ProductRow } from '../../db/schema';
import { busEvent, type Outcome } from '../../events/bus';
import { HttpError } from '../../http/errors';
import { type Actor, recordChange, rowBefore } from '../audit/service';
import { placementProblem } from '../catalog/admin-service';
import { productFromRow, rowFromProduct } from '../catalog/product-mapper';
import { findProductRowForUpdate, insertProductRow, updateProductRow } from '../catalog/repo';
import { listCategoryPlaces } from '../categories/repo';
import { checkStockWithinPackages, listPackages, type ReceivedPackage } from '../metrc/service';
import { currentRuleSet } from '../scheduling/service';
import {
  bodyFromCells,
  type CsvRow,
  catalogToCsv,
  idFromCell,
  parseCatalogCsv,
} from './csv-format';
import * as repo from './repo';

export async function exportCatalogCsv(db: Kysely<Database>): Promise<string> {
  const open = new Map<number, ReceivedPackage[]>();
  for (const pkg of (await listPackages(db)).reverse())
    if (pkg.quantityRemaining > 0)
      open.set(pkg.productId, [...(open.get(pkg.productId) ?? []), pkg]);
  return catalogToCsv((await repo.listProductRows(db)).map(productFromRow), open);
}

interface PlannedRow extends ImportRowResult {
  fields: ProductFields | null;
}

interface Catalog {
  products: Map<number, Product>;
  findCategory: Parameters<typeof placementProblem>[2];
  /** the rule set in force: whether cannabis products must state their grams */
  ruleSet: RuleSet;
}

const COLUMN_NAMES = new Set<string>(CATALOG_CSV_COLUMNS);

/** A schema issue as a cell error: its column, and the flavor or list item it is about. */
function issueToCellError(
  line: number,
  issue: { path: PropertyKey[]; message: string },
  body: Record<string, unknown>,
): CsvCellError {
  const [field, item] = issue.path;
  const column = typeof field === 'string' && COLUMN_NAMES.has(field) ? field : null;
  if (typeof item === 'string') return { line, column, message: `${item}: ${issue.message}` };
  if (typeof item === 'number' && column) {
    const value = (body[column] as unknown[] | undefined)?.[item];
    if (typeof value === 'string') return { line, column, message: `"${value}" ${issue.message}` };
  }
  return { line, column, message: issue.message };
}

/** The product as the database would give it back: what comparing "unchanged" must see. */
function stored(fields: ProductFields): Omit<Product, 'id' | 'createdAt'> {
  const {
    id: _id,
    createdAt: _createdAt,
    ...product
  } = productFromRow({
    ...rowFromProduct(fields, ''),
    id: 0,
  } as ProductRow);
  return product;
}

function isUnchanged(fields: ProductFields, current: Product): boolean {
  const { id: _id, createdAt: _createdAt, ...currentFields } = current;
  return isDeepStrictEqual(stored(fields), currentFields);
}

function planRow(row: CsvRow, catalog: Catalog, seenIds: Map<number, number>): PlannedRow {
  const { line } = row;
  const errors = [...row.errors];
  const planned = (action: ImportAction, id: number | null, fields: ProductFields | null) => ({
    line,
    action: errors.length > 0 ? ('error' as const) : action,
    id,
    name: (fields?.name ?? row.cells.name ?? '').trim(),
    errors,
    fields: errors.length > 0 ? null : fields,
  });

  const id = idFromCell(row.cells.id);
  if (id === 'invalid') {
    errors.push({ line, column: 'id', message: 'must be empty (a new product) or a product id' });
    return planned('error', null, null);
  }
  const current = id === null ? undefined : catalog.products.get(id);
  if (id !== null && !current) {
    const message = `No product has id ${id}; leave the id empty to add it as a new product`;
    errors.push({ line, column: 'id', message });
  }
  if (id !== null && seenIds.has(id)) {
    errors.push({
      line,
      column: 'id',
      message: `Product ${id} is also on line ${seenIds.get(id)}`,
    });
  }
  if (id !== null) seenIds.set(id, line);

  const { body, problems } = bodyFromCells(row.cells);
  for (const problem of problems) errors.push({ line, ...problem });
  // An update starts from the stored product, so columns the file leaves out keep their values.
  const base = current ? Object.fromEntries(PRODUCT_FIELDS.map((key) => [key, current[key]])) : {};
  const parsed = productSchema.safeParse({ ...base, ...body });
  if (!parsed.success) {
    for (const issue of parsed.error.issues) errors.push(issueToCellError(line, issue, body));
    return planned('error', id, null);
  }
  const fields = parsed.data;
  const placement = placementProblem(fields.category, fields.subcategory, catalog.findCategory);
  if (placement) errors.push({ line, column: placement.path, message: placement.message });
  const grams = missingGramsProblem(fields, catalog.ruleSet);
  if (grams) errors.push({ line, column: 'cannabisGrams', message: grams });
  if (!current) return planned('add', null, fields);
  return planned(isUnchanged(fields, current) ? 'skip' : 'update', current.id, fields);
}

function summarise(rows: PlannedRow[], fileErrors: CsvCellError[], applied: boolean) {
  const counts: Record<ImportAction, number> = { add: 0, update: 0, skip: 0, error: 0 };
  for (const row of rows) counts[row.action] += 1;
  const result: CatalogImportResult = {
    applied,
    counts,
    rows: rows.map(({ fields: _fields, ...row }) => row),
    errors: [...fileErrors, ...rows.flatMap((row) => row.errors)],
  };
  return result;
}

async function planImport(db: Kysely<Database>, csv: string, lock: boolean) {
  const parsed = parseCatalogCsv(csv);
  if (!parsed.ok) return { rows: [] as PlannedRow[], fileErrors: parsed.errors };
  const [productRows, categories, ruleSet] = await Promise.all([
    repo.listProductRows(db, lock),
    listCategoryPlaces(db),
    currentRuleSet(db),
  ]);
  const bySlug = new Map(categories.map((c) => [c.slug, c]));
  const catalog: Catalog = {
    products: new Map(productRows.map((row) => [row.id, productFromRow(row)])),
    findCategory: (slug) => bySlug.get(slug),
    ruleSet,
  };
  const seenIds = new Map<number, number>();
  return { rows: parsed.rows.map((row) => planRow(row, catalog, seenIds)), fileErrors: [] };
}

/** What importing the file would do, changing nothing. */
export async function previewCatalogImport(db: Db, csv: string): Promise<CatalogImportResult> {
  const { rows, fileErrors } = await planImport(db.kysely, csv, false);
  return summarise(rows, fileErrors, false);
}

/**
 * Applies the whole file in one transaction; any error anywhere refuses it all (400 with the
 * preview). Each product added or changed gets its own audit entry, like a change by hand.
 */
export async function applyCatalogImport(
  db: Db,
  csv: string,
  actor: Actor,
  options: { trackAndTrace?: boolean } = {},
): Promise<Outcome<CatalogImportResult>> {
  return db.kysely.transaction().execute(async (trx) => {
    const { rows, fileErrors } = await planImport(trx, csv, db.dialect === 'postgres');
    const preview = summarise(rows, fileErrors, false);
    if (preview.errors.length > 0) {
      const count = preview.errors.length;
      throw new HttpError(400, {
        error: `Nothing was imported: the file has ${count} ${count === 1 ? 'problem' : 'problems'}`,
        code: 'CATALOG_IMPORT_INVALID',
        ...preview,
      });
    }
    const created: Product[] = [];
    const updated: Product[] = [];
    const now = nowIso();
    for (const row of rows) {
      if (!row.fields || row.action === 'skip') continue;
      if (row.action === 'add') {
        const product = productFromRow(
          await insertProductRow(trx, rowFromProduct(row.fields, now)),
        );
        row.id = product.id;
        if (options.trackAndTrace) await checkStockWithinPackages(trx, product, 0);
        created.push(product);
        const entityId = product.id;
        await recordChange(trx, actor, { action: 'imported', entity: 'products', entityId });
      } else if (row.id !== null) {
        const { created_at: _createdAt, ...changes } = rowFromProduct(row.fields, now);
        const before = await rowBefore(trx, 'products', row.id);
        const current = await findProductRowForUpdate(trx, row.id, db.dialect === 'postgres');
        const product = await updateProductRow(trx, row.id, changes);
        if (!product || !current) continue;
        if (options.trackAndTrace)
          await checkStockWithinPackages(trx, productFromRow(product), current.stock);
        updated.push(productFromRow(product));
        const change = {
          action: 'changed by import',
          entity: 'products',
          entityId: row.id,
          before,
        };
        await recordChange(trx, actor, change);
      }
    }
    return {
      value: summarise(rows, [], true),
      events: [
        ...created.map((product) => busEvent('product-created', product)),
        ...updated.map((product) => busEvent('product-updated', product)),
      ],
    };
  });
}
