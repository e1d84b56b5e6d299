import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMPILE_HINT, hydrationChunks } from './compile-hints';

describe('the chunks a storefront page runs as it hydrates', () => {
  const chunk = (fileName: string, facadeModuleId: string | null, imports: string[] = []) => ({
    fileName,
    facadeModuleId,
    imports,
  });
  const chunks = [
    chunk('start.js', '/app/src/web/start.tsx', ['react.js', 'shared.js']),
    chunk('react.js', null),
    chunk('shared.js', null, ['react.js']),
    chunk('product-route.js', '/app/src/web/app/routes/product-route.tsx', ['row.js']),
    chunk('row.js', null),
    // only ever imported with import(): loaded on demand, not at hydration
    chunk('dealer-route.js', '/app/src/web/app/routes/dealer-route.tsx', [
      'shared.js',
      'charts.js',
    ]),
    chunk('charts.js', null),
  ];

  it('are the app and the product route with every chunk they import statically', () => {
    expect([...hydrationChunks(chunks)].sort()).toEqual([
      'product-route.js',
      'react.js',
      'row.js',
      'shared.js',
      'start.js',
    ]);
  });
});

describe('compile hints in the built storefront', () => {
  let outDir = '';
  let manifest: Record<string, { file: string }> = {};
  const firstLine = (key: string) =>
    readFileSync(path.join(outDir, manifest[key].file), 'utf8').split('\n')[0];

  beforeAll(() => {
    outDir = mkdtempSync(path.join(tmpdir(), 'canopy-hints-'));
    execFileSync('npx', ['vite', 'build', '--sourcemap', '--outDir', outDir, '--emptyOutDir'], {
      stdio: 'ignore',
    });
    manifest = JSON.parse(readFileSync(path.join(outDir, '.vite', 'manifest.json'), 'utf8'));
  });
  afterAll(() => rmSync(outDir, { recursive: true, force: true }));

  it('open the app and the product route with the hint, as line 1', () => {
    expect(`${firstLine('start.tsx')}\n`).toBe(COMPILE_HINT);
    expect(`${firstLine('app/routes/product-route.tsx')}\n`).toBe(COMPILE_HINT);
  });

  it('keep the source map in step: line 1 is the hint, which the map leaves unmapped', () => {
    // the product route's code starts on line 2, and its map's first line (up to `;`) is empty
    const file = manifest['app/routes/product-route.tsx'].file;
    const map = JSON.parse(readFileSync(path.join(outDir, `${file}.map`), 'utf8')) as {
      mappings: string;
    };
    expect(map.mappings.startsWith(';')).toBe(true);
    expect(map.mappings.startsWith(';;')).toBe(false);
  });

  it('leave the back office, loaded on demand, to compile as it runs', () => {
    expect(`${firstLine('app/routes/dealer-route.tsx')}\n`).not.toBe(COMPILE_HINT);
  });
});
