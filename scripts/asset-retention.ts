/**
 * A tab opened before an upgrade still asks for the code files of its own build. The build
 * keeps the previous builds' hashed assets beside the new ones for a while, so such a tab
 * goes on working; files no build has written for `keepMs` are removed.
 */
import { readdirSync, rmSync, statSync, utimesSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';

/** A week: longer than a shopper keeps a tab open, short enough that assets do not pile up. */
export const KEEP_PREVIOUS_ASSETS_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * Marks the files this build wrote as current and removes older builds' files written more
 * than `keepMs` ago. Returns the names it removed.
 */
export function pruneOldAssets(
  assetsDir: string,
  writtenNow: readonly string[],
  { now = Date.now(), keepMs = KEEP_PREVIOUS_ASSETS_MS } = {},
): string[] {
  let names: string[];
  try {
    names = readdirSync(assetsDir);
  } catch {
    return [];
  }
  const current = new Set(writtenNow);
  const removed: string[] = [];
  for (const name of names) {
    const file = path.join(assetsDir, name);
    if (current.has(name)) {
      // an unchanged file keeps its name: it belongs to this build from now on
      const stamp = new Date(now);
      utimesSync(file, stamp, stamp);
      continue;
    }
    if (now - statSync(file).mtimeMs > keepMs) {
      rmSync(file, { force: true });
      removed.push(name);
    }
  }
  return removed.sort();
}

/** The Vite plugin: prunes after the bundle is written, in place of emptying the folder. */
export function keepPreviousAssets(): Plugin {
  let outDir = '';
  return {
    name: 'canopy-keep-previous-assets',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    writeBundle(_options, bundle) {
      const written = Object.keys(bundle)
        .filter((file) => file.startsWith('assets/'))
        .map((file) => file.slice('assets/'.length));
      pruneOldAssets(path.join(outDir, 'assets'), written);
    },
  };
}
