import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const SERVER = import.meta.dirname;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [full] : [];
  });
}

const relative = (file: string) => path.relative(SERVER, file).split(path.sep).join('/');

/** Kysely query builders and raw SQL. */
const QUERY =
  /\.(selectFrom|insertInto|updateTable|deleteFrom|replaceInto|mergeInto)\(|\bsql(<[^>]*>)?`|\bsql\.(raw|ref|id|lit|table|join|val)\(/;

/** Where SQL may live: repos, and the database layer itself (connection, migrations, seed, group commit). */
const mayHoldSql = (file: string) =>
  file.endsWith('/repo.ts') ||
  file.includes('/repo/') ||
  file === 'repo.ts' ||
  file.startsWith('db/');

/** Files outside repos allowed to hold SQL, each with its reason. None today. */
const SQL_EXCEPTIONS: Record<string, string> = {};

/** A comparison of the database dialect, either way round. */
const DIALECT_COMPARISON =
  /\bdialect\s*[!=]==|[!=]==\s*['"](postgres|sqlite)['"]|['"](postgres|sqlite)['"]\s*[!=]==/;

describe('server layout', () => {
  const files = sourceFiles(SERVER).map((file) => ({
    name: relative(file),
    lines: readFileSync(file, 'utf8').split('\n'),
  }));

  /** `file:line: text` for every line matching `pattern` in the files whose name `among` keeps. */
  const linesMatching = (among: (name: string) => boolean, pattern: RegExp) =>
    files
      .filter((f) => among(f.name))
      .flatMap((f) =>
        f.lines.flatMap((line, index) =>
          pattern.test(line) ? [`${f.name}:${index + 1}: ${line.trim()}`] : [],
        ),
      );

  it('keeps every query in a repo.ts (or src/server/db)', () => {
    const offenders = linesMatching(
      (name) => !mayHoldSql(name) && !(name in SQL_EXCEPTIONS),
      QUERY,
    );
    expect(offenders).toEqual([]);
  });

  it('leaves the dialect to repos and src/server/db: a module service never compares it', () => {
    const offenders = linesMatching(
      (name) => name.startsWith('modules/') && !mayHoldSql(name),
      DIALECT_COMPARISON,
    );
    expect(offenders).toEqual([]);
  });

  it('writes every CSV through http/spreadsheet-csv.ts, which escapes formulas', () => {
    const offenders = linesMatching(
      (name) => name !== 'http/spreadsheet-csv.ts',
      /from 'csv-stringify/,
    );
    expect(offenders).toEqual([]);
  });

  it('publishes events in one place: services return them, events/publish.ts sends them', () => {
    const offenders = linesMatching((name) => name !== 'events/publish.ts', /\.events\.publish\(/);
    expect(offenders).toEqual([]);
  });

  it('opens transactions only in services and the database layer (decision 019)', () => {
    const mayOpen = (name: string) =>
      name.startsWith('db/') ||
      (name.startsWith('modules/') &&
        !/\/(repo|routes|admin-routes|[a-z-]*mapper)\.ts$|\/repo\//.test(name));
    const offenders = linesMatching(
      (name) => !mayOpen(name),
      /\.transaction\(\)|\.writeTransaction\(/,
    );
    expect(offenders).toEqual([]);
  });

  it('names only files that exist as exceptions', () => {
    const names = new Set(files.map((f) => f.name));
    for (const name of Object.keys(SQL_EXCEPTIONS)) expect(names).toContain(name);
  });
});
