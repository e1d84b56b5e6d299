import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** The shape of Vite's dist/web/index.html: what the server fills. */
export const WEB_TEMPLATE = `<!doctype html>
<html lang="en" class="theme-dark">
  <head>
    <meta name="theme-color" content="#0b0f0d" />
    <meta name="description" content="Canopy: quality cannabis products delivered same day." />
    <title>Canopy — Same-day delivery</title>
    <script type="module" crossorigin src="/assets/index-aaa.js"></script>
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>`;

/** The part of Vite's manifest the product page hints read. */
export const WEB_MANIFEST = {
  'index.html': { file: 'assets/index-aaa.js', isEntry: true },
  '_react.js': { file: 'assets/react-bbb.js' },
  'app/routes/product-route.tsx': { file: 'assets/product-route-ccc.js', imports: ['_react.js'] },
};

/** A web build folder holding only the template and the manifest: enough to render pages. */
export function writeWebBuild(): string {
  const webDir = mkdtempSync(path.join(tmpdir(), 'canopy-web-'));
  writeFileSync(path.join(webDir, 'index.html'), WEB_TEMPLATE);
  mkdirSync(path.join(webDir, '.vite'));
  writeFileSync(path.join(webDir, '.vite', 'manifest.json'), JSON.stringify(WEB_MANIFEST));
  return webDir;
}
