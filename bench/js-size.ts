/**
 * The storefront's first-load JavaScript: the entry script, the app it always imports
 * (`start.tsx`, after the first paint on a server-rendered page) and every chunk either
 * imports statically, read from Vite's manifest and each gzipped (level 9, as a CDN or the
 * static middleware would send it). Route chunks (product, cart, back office) are not counted.
 * Run alone: node --import tsx bench/js-size.ts
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chunkClosure, type Manifest } from '../src/server/pages/page-hints';
import { ROOT } from '../test/server-process';

export interface JsSize {
  files: { file: string; bytes: number; gzip: number }[];
  totalGzip: number;
  totalBytes: number;
}

/** The manifest key of the app that the entry (main.tsx) always loads. */
const APP_MODULE = 'start.tsx';

export function jsSize(webDir = path.join(ROOT, 'dist/web')): JsSize {
  const manifest = JSON.parse(
    readFileSync(path.join(webDir, '.vite', 'manifest.json'), 'utf8'),
  ) as Manifest;
  const entry = Object.keys(manifest).find((key) => manifest[key].isEntry);
  if (!entry || !manifest[APP_MODULE])
    throw new Error('dist/web/.vite/manifest.json: no entry or app');
  const keys = new Set([...chunkClosure(manifest, entry), ...chunkClosure(manifest, APP_MODULE)]);
  const files = [...keys].map((key) => {
    const data = readFileSync(path.join(webDir, manifest[key].file));
    return {
      file: manifest[key].file,
      bytes: data.length,
      gzip: gzipSync(data, { level: 9 }).length,
    };
  });
  return {
    files,
    totalGzip: files.reduce((sum, f) => sum + f.gzip, 0),
    totalBytes: files.reduce((sum, f) => sum + f.bytes, 0),
  };
}

if (process.argv[1]?.endsWith('js-size.ts')) {
  const size = jsSize();
  for (const f of size.files)
    console.log(
      `${f.file}\t${(f.bytes / 1024).toFixed(1)} KB\t${(f.gzip / 1024).toFixed(1)} KB gzip`,
    );
  console.log(
    `first-load JS: ${(size.totalGzip / 1024).toFixed(1)} KB gzip (${(size.totalBytes / 1024).toFixed(1)} KB raw)`,
  );
}
