/**
 * A PDF417 symbol as a printer would put it on a licence: bwip-js draws it, in greyscale pixels,
 * for the in-memory scanner (pdf417-scan.ts) and the fake camera (fake-camera.ts).
 */
// named explicitly: bundler resolution (tsconfig, Vitest) skips the "node" condition, and
// Playwright's runner is plain Node, which refuses the unexported "generic" entry
import bwipjs from 'bwip-js/node';

/** white margin around the symbol, in modules (PDF417 asks for at least 2) */
const QUIET_ZONE = 10;
const BLACK = 0;
const WHITE = 255;

/** Greyscale pixels of the PDF417 symbol for `text`, one byte per pixel. */
export function pdf417Pixels(text: string, pixelsPerModule = 2) {
  const [symbol] = bwipjs.raw({ bcid: 'pdf417', text });
  if (!symbol || !('pixs' in symbol)) throw new Error('bwip-js drew no PDF417 matrix');
  // pixs holds each symbol row once; pixy is the drawn height, rows several modules tall
  const rowHeight = symbol.pixy / (symbol.pixs.length / symbol.pixx);
  const width = (symbol.pixx + 2 * QUIET_ZONE) * pixelsPerModule;
  const height = (symbol.pixy + 2 * QUIET_ZONE) * pixelsPerModule;
  const pixels = new Uint8ClampedArray(width * height).fill(WHITE);
  for (let y = 0; y < height; y++) {
    const moduleY = Math.floor(y / pixelsPerModule) - QUIET_ZONE;
    if (moduleY < 0 || moduleY >= symbol.pixy) continue;
    const row = Math.floor(moduleY / rowHeight);
    for (let x = 0; x < width; x++) {
      const moduleX = Math.floor(x / pixelsPerModule) - QUIET_ZONE;
      if (moduleX < 0 || moduleX >= symbol.pixx) continue;
      if (symbol.pixs[row * symbol.pixx + moduleX]) pixels[y * width + x] = BLACK;
    }
  }
  return { pixels, width, height };
}
