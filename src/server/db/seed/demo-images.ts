import { createHash, randomBytes } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';
import { IMAGE_VARIANT_WIDTHS } from '../../../shared/media';
import { loadSharp } from '../../imaging/load-sharp';

/** Shapes drawn per kind of product; plain SVG so seeding needs no network and no fonts. */
const SHAPES: Record<string, string> = {
  flower: `<g fill="#fff" fill-opacity=".85"><path d="M512 250c40 120 40 250 0 420-40-170-40-300 0-420z"/><path d="M512 670c-60-120-170-220-300-260 110 120 180 210 300 260z"/><path d="M512 670c60-120 170-220 300-260-110 120-180 210-300 260z"/><path d="M512 670c-120-40-230-40-330 10 120 20 210 20 330-10z"/><path d="M512 670c120-40 230-40 330 10-120 20-210 20-330-10z"/><rect x="502" y="660" width="20" height="130" rx="10"/></g>`,
  prerolls: `<g transform="rotate(-30 512 512)"><rect x="232" y="462" width="520" height="100" rx="50" fill="#fff" fill-opacity=".9"/><rect x="712" y="462" width="110" height="100" rx="20" fill="#d6a76b"/><circle cx="232" cy="512" r="50" fill="#ff7a3c" fill-opacity=".9"/></g>`,
  concentrates: `<g fill="#fff" fill-opacity=".85"><rect x="352" y="330" width="320" height="420" rx="60"/><rect x="392" y="270" width="240" height="80" rx="20"/></g><ellipse cx="512" cy="560" rx="110" ry="120" fill="#ffd34d" fill-opacity=".85"/>`,
  edibles: `<g fill="#fff" fill-opacity=".88"><circle cx="400" cy="460" r="120"/><circle cx="624" cy="460" r="120"/><circle cx="512" cy="640" r="130"/></g>`,
  accessories: `<g fill="none" stroke="#fff" stroke-opacity=".9" stroke-width="40"><circle cx="512" cy="512" r="220"/><circle cx="512" cy="512" r="90"/></g>`,
};

function svgFor(kind: string, hue: number): Buffer {
  const shape = SHAPES[kind] ?? SHAPES.accessories;
  return Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="1024" height="1024" viewBox="0 0 1024 1024">
      <defs><radialGradient id="g" cx="35%" cy="30%" r="85%">
        <stop offset="0" stop-color="hsl(${hue},70%,62%)"/>
        <stop offset="1" stop-color="hsl(${(hue + 40) % 360},65%,24%)"/>
      </radialGradient></defs>
      <rect width="1024" height="1024" fill="url(#g)"/>${shape}</svg>`,
  );
}

/**
 * Drawing a picture and its widths takes sharp a fair share of a second, and a fresh shop (a
 * first `npm start`, every journey's server, every test database) draws 40+ of them. They
 * depend only on the drawing, so each is kept once, named by the hash of what made it, in the
 * project's own cache folder, and later seeds copy it.
 */
const RENDERING = { masterQuality: 78, variantQuality: 75, widths: IMAGE_VARIANT_WIDTHS };
export const DEMO_MEDIA_CACHE = path.resolve('node_modules', '.cache', 'canopy-demo-media');

/** Writes `<name>.webp` and its width variants, returning the media URL. */
export async function writeDemoImage(
  mediaDir: string,
  name: string,
  kind: string,
  hue: number,
  cacheDir: string | null = DEMO_MEDIA_CACHE,
): Promise<string> {
  const url = `/media/${name}.webp`;
  const master = path.join(mediaDir, `${name}.webp`);
  if (existsSync(master)) return url;
  const svg = svgFor(kind, hue);
  const files = [
    { width: null, file: master },
    ...RENDERING.widths.map((w) => ({ width: w, file: path.join(mediaDir, `${name}-w${w}.webp`) })),
  ];
  const key = createHash('sha256').update(svg).update(JSON.stringify(RENDERING)).digest('hex');
  const cached = (width: number | null) =>
    cacheDir && path.join(cacheDir, `${key.slice(0, 24)}${width ? `-w${width}` : ''}.webp`);
  if (files.every(({ width }) => existsSync(cached(width) || ''))) {
    for (const { width, file } of files) copyFileSync(cached(width) as string, file);
    return url;
  }
  const sharp = await loadSharp();
  const image = sharp(svg);
  await Promise.all(
    files.map(({ width, file }) =>
      width === null
        ? image.clone().webp({ quality: RENDERING.masterQuality }).toFile(file)
        : image
            .clone()
            .resize(width, width)
            .webp({ quality: RENDERING.variantQuality })
            .toFile(file),
    ),
  );
  for (const { width, file } of files) keepInCache(file, cached(width));
  return url;
}

/** Best effort: a shop without a writable cache folder draws its pictures every time. */
function keepInCache(file: string, cached: string | null) {
  if (!cached || existsSync(cached)) return;
  // other processes may be seeding at the same time: each writes its own file, then renames
  const partial = `${cached}.${process.pid}.${randomBytes(4).toString('hex')}`;
  try {
    mkdirSync(path.dirname(cached), { recursive: true });
    copyFileSync(file, partial);
    renameSync(partial, cached);
  } catch {
    rmSync(partial, { force: true });
  }
}
