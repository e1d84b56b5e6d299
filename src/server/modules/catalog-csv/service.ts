import { isDeepStrictEqual } from 'node:util';
import type { Kysely } from 'kysely';
import {
  CATALOG_CSV_COLUMNS,
  type CatalogCsvColumn,
  type CatalogImportResult,
  type CsvCellError,
  type ImportAction,
  type ImportRowResult,
} from '../../../shared/catalog-csv';
import { missingGramsProblem } from '../../../shared/compliance/limits';
import type { RuleSet } from '../../../shared/compliance/rule-set';
import { type ReceivePackageOutput, receivePackageSchema } from '../../../shared/metrc';
import { PRODUCT_FIELDS } from '../../../shared/product-fields';
import { type Product, type ProductFields, productSchema } from '../../../shared/schemas/products';
import type { Db, Dialect } from '../../db/connect';
import { nowIso } from '../../db/json';
import type { Database, ProductRow } from '../../db/schema';
import { busEvent, type Outcome } from '../../events/bus';
import { HttpError } from '../../http/errors';
import { type Actor, recordChange, rowBefore } from '../audit/service';
import { placementProblem } from '../catalog/admin-service';
import { productFromRow, rowFromProduct } from '../catalog/product-mapper';
import { findProductRowForUpdate, insertProductRow, updateProductRow } from '../catalog/repo';
import { listCategoryPlaces } from '../categories/repo';
import {
  checkStockWithinPackages,
  correctPackage,
  listPackages,
  packageRefusal,
  type ReceivedPackage,
  recordPackage,
} from '../metrc/service';
import { currentRuleSet } from '../settings/service';
import {
  bodyFromCells,
  type CsvRow,
  catalogToCsv,
  idFromCell,
  packagesFromCells,
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

/** What a row does to its product's packages: receive new ones, correct known ones. */
interface PackagePlan {
  receive: { input: ReceivePackageOutput; quantityRemaining: number }[];
  update: { id: number; itemName: string; quantityRemaining: number; lowered: boolean }[];
}

interface PlannedRow extends ImportRowResult {
  fields: ProductFields | null;
  packages: PackagePlan;
}

interface Catalog {
  products: Map<number, Product>;
  findCategory: Parameters<typeof placementProblem>[2];
  /** the rule set in force: whether cannabis products must state their grams */
  ruleSet: RuleSet;
  /** the packages the shop received, by tag */
  packages: Map<string, ReceivedPackage>;
}

/** The column a package's field is read from. */
const PACKAGE_COLUMN: Record<string, CatalogCsvColumn> = {
  tag: 'metrcPackages',
  quantityRemaining: 'metrcPackages',
  quantity: 'metrcPackagesReceived',
  itemName: 'metrcPackageItems',
  flavor: 'metrcPackageFlavors',
};

/**
 * The row's packages against the shop's: a tag it does not know is received under the rules of
 * "Receive stock" (the shared schema and packageRefusal); one it knows must be this product's,
 * of the same flavor and arrival, and may be renamed or hold less (a count), never more.
 */
function planPackages(
  line: number,
  cells: CsvRow['cells'],
  product: { id: number | null; fields: ProductFields },
  catalog: Catalog,
  seenTags: Map<string, number>,
  errors: CsvCellError[],
): PackagePlan {
  const plan: PackagePlan = { receive: [], update: [] };
  const { packages, problems } = packagesFromCells(cells);
  for (const problem of problems) errors.push({ line, ...problem });
  const fail = (path: string, tag: string, message: string) =>
    errors.push({ line, column: PACKAGE_COLUMN[path] ?? null, message: `${tag}: ${message}` });
  for (const pkg of packages ?? []) {
    const { tag } = pkg;
    if (seenTags.has(tag)) {
      fail('tag', tag, `is also on line ${seenTags.get(tag)}`);
      continue;
    }
    seenTags.set(tag, line);
    const left = pkg.quantityRemaining;
    if (typeof left !== 'number') {
      fail('quantityRemaining', tag, 'must be a number: what the package still holds');
      continue;
    }
    const known = catalog.packages.get(tag);
    if (known) {
      if (known.productId !== product.id) {
        fail('tag', tag, `was received for ${known.productName ?? `product ${known.productId}`}`);
        continue;
      }
      if (pkg.flavor !== known.flavor) {
        const was = known.flavor ?? 'no flavor';
        fail('flavor', tag, `was received for ${was}; a package keeps its flavor`);
        continue;
      }
      if (pkg.quantityReceived !== undefined && pkg.quantityReceived !== known.quantityReceived) {
        fail('quantity', tag, `arrived with ${known.quantityReceived}; that does not change`);
        continue;
      }
      if (left < 0 || left > known.quantityRemaining) {
        const most = known.quantityRemaining;
        fail(
          'quantityRemaining',
          tag,
          `must be between 0 and ${most}: a package never gains stock`,
        );
        continue;
      }
      const itemName = pkg.itemName?.trim() || known.itemName;
      if (itemName.length > 150) {
        fail('itemName', tag, 'must be at most 150 characters');
        continue;
      }
      if (itemName !== known.itemName || left !== known.quantityRemaining)
        plan.update.push({
          id: known.id,
          itemName,
          quantityRemaining: left,
          lowered: left < known.quantityRemaining,
        });
      continue;
    }
    const parsed = receivePackageSchema.safeParse({
      productId: product.id ?? 1,
      flavor: pkg.flavor,
      tag,
      itemName: pkg.itemName,
      quantity: pkg.quantityReceived ?? left,
    });
    if (!parsed.success) {
      for (const issue of parsed.error.issues) fail(String(issue.path[0]), tag, issue.message);
      continue;
    }
    const { fields } = product;
    const refusal = packageRefusal(
      { ...fields, name: fields.name, flavors: fields.flavors },
      { ...parsed.data, quantityRemaining: left },
      false,
    );
    if (refusal) {
      fail(refusal.path, tag, refusal.message);
      continue;
    }
    plan.receive.push({ input: parsed.data, quantityRemaining: left });
  }
  return plan;
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

function planRow(
  row: CsvRow,
  catalog: Catalog,
  seenIds: Map<number, number>,
  seenTags: Map<string, number>,
): PlannedRow {
  const { line } = row;
  const errors = [...row.errors];
  const none: PackagePlan = { receive: [], update: [] };
  const planned = (
    action: ImportAction,
    id: number | null,
    fields: ProductFields | null,
    packages = none,
  ) => ({
    line,
    action: errors.length > 0 ? ('error' as const) : action,
    id,
    name: (fields?.name ?? row.cells.name ?? '').trim(),
    errors,
    fields: errors.length > 0 ? null : fields,
    packages,
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
  const product = { id: current?.id ?? null, fields };
  const packages = planPackages(line, row.cells, product, catalog, seenTags, errors);
  if (!current) return planned('add', null, fields, packages);
  const same =
    isUnchanged(fields, current) && packages.receive.length + packages.update.length === 0;
  return planned(same ? 'skip' : 'update', current.id, fields, packages);
}

function summarise(rows: PlannedRow[], fileErrors: CsvCellError[], applied: boolean) {
  const counts: Record<ImportAction, number> = { add: 0, update: 0, skip: 0, error: 0 };
  for (const row of rows) counts[row.action] += 1;
  const result: CatalogImportResult = {
    applied,
    counts,
    rows: rows.map(({ fields: _fields, packages: _packages, ...row }) => row),
    errors: [...fileErrors, ...rows.flatMap((row) => row.errors)],
  };
  return result;
}

async function planImport(db: Kysely<Database>, csv: string, lockOn?: Dialect) {
  const parsed = parseCatalogCsv(csv);
  if (!parsed.ok) return { rows: [] as PlannedRow[], fileErrors: parsed.errors };
  const [productRows, categories, ruleSet, packages] = await Promise.all([
    repo.listProductRows(db, lockOn),
    listCategoryPlaces(db),
    currentRuleSet(db),
    listPackages(db),
  ]);
  const bySlug = new Map(categories.map((c) => [c.slug, c]));
  const catalog: Catalog = {
    products: new Map(productRows.map((row) => [row.id, productFromRow(row)])),
    findCategory: (slug) => bySlug.get(slug),
    ruleSet,
    packages: new Map(packages.map((p) => [p.tag, p])),
  };
  const seenIds = new Map<number, number>();
  const seenTags = new Map<string, number>();
  const rows = parsed.rows.map((row) => planRow(row, catalog, seenIds, seenTags));
  return { rows, fileErrors: [] };
}

/** What importing the file would do, changing nothing. */
export async function previewCatalogImport(db: Db, csv: string): Promise<CatalogImportResult> {
  const { rows, fileErrors } = await planImport(db.kysely, csv);
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
    const { rows, fileErrors } = await planImport(trx, csv, db.dialect);
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
    // the row's packages, after its product is written: a new product has its id by then
    const recordPackages = async (productId: number, plan: PackagePlan) => {
      for (const { input, quantityRemaining } of plan.receive)
        await recordPackage(trx, db.dialect, { ...input, productId }, actor, new Date(now), {
          quantityRemaining,
        });
      for (const change of plan.update) await correctPackage(trx, change, actor);
    };
    for (const row of rows) {
      if (!row.fields || row.action === 'skip') continue;
      // a package that now holds less can leave the stock above what the packages cover
      const lowered = row.packages.update.some((change) => change.lowered);
      if (row.action === 'add') {
        const product = productFromRow(
          await insertProductRow(trx, rowFromProduct(row.fields, now)),
        );
        row.id = product.id;
        await recordPackages(product.id, row.packages);
        if (options.trackAndTrace) await checkStockWithinPackages(trx, product, 0);
        created.push(product);
        const entityId = product.id;
        await recordChange(trx, actor, { action: 'imported', entity: 'products', entityId });
      } else if (row.id !== null) {
        const { created_at: _createdAt, ...changes } = rowFromProduct(row.fields, now);
        const before = await rowBefore(trx, 'products', row.id);
        const current = await findProductRowForUpdate(trx, row.id, db.dialect);
        const product = await updateProductRow(trx, row.id, changes);
        if (!product || !current) continue;
        await recordPackages(row.id, row.packages);
        if (options.trackAndTrace)
          await checkStockWithinPackages(
            trx,
            productFromRow(product),
            lowered ? Number.NEGATIVE_INFINITY : current.stock,
          );
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
