/**
 * The storefront's first-load JavaScript: the entry script and every
 * modulepreload of dist/web/index.html, each gzipped (level 9, as a CDN or
 * the static middleware would send it). Run alone: node --import tsx bench/js-size.ts
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { ROOT } from '../test/server-process';

export interface JsSize {
  files: { file: string; bytes: number; gzip: number }[];
  totalGzip: number;
  totalBytes: number;
}

export function jsSize(webDir = path.join(ROOT, 'dist/web')): JsSize {
  const html = readFileSync(path.join(webDir, 'index.html'), 'utf8');
  const urls = new Set<string>();
  for (const tag of html.match(/<script\b[^>]*>/g) ?? []) {
    const src = /\bsrc="([^"]+\.js)"/.exec(tag)?.[1];
    if (src && /type="module"/.test(tag)) urls.add(src);
  }
  for (const tag of html.match(/<link\b[^>]*>/g) ?? []) {
    const href = /\bhref="([^"]+\.js)"/.exec(tag)?.[1];
    if (href && /rel="modulepreload"/.test(tag)) urls.add(href);
  }
  const files = [...urls].map((url) => {
    const data = readFileSync(path.join(webDir, url.replace(/^\//, '')));
    return { file: url, bytes: data.length, gzip: gzipSync(data, { level: 9 }).length };
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
