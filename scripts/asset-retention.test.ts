import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  rmSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { build } from 'vite';
import { afterEach, describe, expect, it } from 'vitest';
import { KEEP_PREVIOUS_ASSETS_MS, keepPreviousAssets, pruneOldAssets } from './asset-retention';

const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});
function tempFolder(): string {
  const folder = mkdtempSync(path.join(tmpdir(), 'canopy-assets-'));
  folders.push(folder);
  return folder;
}

const DAY = 24 * 60 * 60 * 1000;

describe('previous builds keep their code files for a while', () => {
  it('removes only files no build has written for a week', () => {
    const assets = tempFolder();
    const now = Date.parse('2026-11-27T12:00:00Z');
    const write = (name: string, ageMs: number) => {
      writeFileSync(path.join(assets, name), name);
      const at = new Date(now - ageMs);
      utimesSync(path.join(assets, name), at, at);
    };
    write('cart-OLD.js', KEEP_PREVIOUS_ASSETS_MS + DAY);
    write('cart-PREVIOUS.js', DAY);
    write('react-SAME.js', 30 * DAY);
    const removed = pruneOldAssets(assets, ['react-SAME.js'], { now });
    expect(removed).toEqual(['cart-OLD.js']);
    expect(readdirSync(assets).sort()).toEqual(['cart-PREVIOUS.js', 'react-SAME.js']);
    // a week on, the previous build's file goes; the unchanged one belongs to the new build
    // and is a week from removal again
    const weekOn = now + KEEP_PREVIOUS_ASSETS_MS - 1;
    expect(pruneOldAssets(assets, [], { now: weekOn })).toEqual(['cart-PREVIOUS.js']);
    expect(readdirSync(assets)).toEqual(['react-SAME.js']);
  });

  it('a rebuild with a change keeps the lazy chunk an open tab still asks for', async () => {
    const root = tempFolder();
    mkdirSync(path.join(root, 'src'));
    writeFileSync(
      path.join(root, 'index.html'),
      '<!doctype html><div id="app"></div><script type="module" src="/src/main.js"></script>',
    );
    writeFileSync(
      path.join(root, 'src/main.js'),
      "document.getElementById('app').onclick = () => import('./lazy.js');",
    );
    const buildOnce = async (lazyText: string) => {
      writeFileSync(
        path.join(root, 'src/lazy.js'),
        `export const text = ${JSON.stringify(lazyText)};`,
      );
      await build({
        root,
        logLevel: 'silent',
        configFile: false,
        plugins: [keepPreviousAssets()],
        build: { outDir: 'dist', emptyOutDir: false },
      });
      return readdirSync(path.join(root, 'dist/assets')).filter((f) => f.startsWith('lazy-'));
    };
    const [before] = await buildOnce('the build the tab was opened on');
    const after = await buildOnce('the upgrade');
    expect(after).toHaveLength(2);
    expect(existsSync(path.join(root, 'dist/assets', before!))).toBe(true);
  });
});
