/**
 * The query registry is the only place that spells a cache key: features and the socket
 * bridge import the key builders and query options from src/web/api, so one cache entry
 * never gets two types, two fetchers or two polling rules.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const WEB = fileURLToPath(new URL('..', import.meta.url));
const REGISTRY = fileURLToPath(new URL('.', import.meta.url));

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

const CLIENT_METHODS =
  'setQueryData|getQueryData|setQueriesData|getQueriesData|getQueryState|removeQueries|' +
  'invalidateQueries|refetchQueries|cancelQueries|resetQueries|fetchQuery|prefetchQuery|' +
  'ensureQueryData';

/** The first element of every key the registry defines, e.g. `products`, `schedule-slots`. */
function registryRoots(): string[] {
  const roots = new Set<string>();
  for (const file of sourceFiles(REGISTRY)) {
    if (file.endsWith('.test.ts')) continue;
    for (const match of readFileSync(file, 'utf8').matchAll(/\[\s*'([a-z][\w-]*)'/g)) {
      roots.add(match[1]);
    }
  }
  return [...roots];
}

/** Each place in `text` that spells a query key instead of importing it. */
function keyLiterals(text: string, roots: string[]): string[] {
  const escaped = roots.map((root) => root.replace(/[-]/g, '\\-')).join('|');
  const rules = [
    /queryKey\s*:\s*\[/g,
    new RegExp(`\\.(?:${CLIENT_METHODS})\\s*(?:<[^>()]*>)?\\(\\s*\\[`, 'g'),
    new RegExp(`\\[\\s*['"\`](?:${escaped})['"\`]`, 'g'),
  ];
  const found: string[] = [];
  text.split('\n').forEach((line, index) => {
    if (rules.some((rule) => line.match(rule))) found.push(`${index + 1}: ${line.trim()}`);
  });
  return found;
}

describe('query registry', () => {
  const roots = registryRoots();

  it('knows the keys the registry defines', () => {
    expect(roots).toEqual(
      expect.arrayContaining([
        'products',
        'categories',
        'promotions',
        'schedule-slots',
        'dealer-settings',
        'orders',
        'auth',
        'chat',
      ]),
    );
  });

  it('recognises a key spelled outside the registry', () => {
    expect(keyLiterals("useQuery({ queryKey: ['x'], queryFn })", roots)).toHaveLength(1);
    expect(keyLiterals("client.setQueryData<Order[]>(['orders'], list)", roots)).toHaveLength(1);
    expect(keyLiterals("client.invalidateQueries({ queryKey: ['orders'] })", roots)).toHaveLength(
      1,
    );
    expect(keyLiterals("const key = ['schedule-slots'] as const;", roots)).toHaveLength(1);
    expect(keyLiterals('client.invalidateQueries({ queryKey: orderKeys.all })', roots)).toEqual([]);
  });

  it('has no query key literal outside src/web/api', () => {
    const offenders = sourceFiles(WEB)
      .filter((file) => !file.startsWith(REGISTRY))
      .flatMap((file) =>
        keyLiterals(readFileSync(file, 'utf8'), roots).map(
          (hit) => `${relative(WEB, file)}:${hit}`,
        ),
      );
    expect(offenders).toEqual([]);
  });
});
