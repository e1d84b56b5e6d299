/**
 * A barcode's trip through a printer and a scanner, in memory: bwip-js draws the PDF417 symbol
 * and @zxing/library's PDF417Reader reads it back from the pixels, returning the text a
 * driver's phone would hand to parseAamva.
 */
import { BinaryBitmap, HybridBinarizer, PDF417Reader, RGBLuminanceSource } from '@zxing/library';
// the platform-neutral entry: bundler resolution (tsconfig) skips the "node" export
import bwipjs from 'bwip-js/generic';

const PIXELS_PER_MODULE = 2;
/** white margin around the symbol, in modules (PDF417 asks for at least 2) */
const QUIET_ZONE = 10;
const BLACK = 0;
const WHITE = 255;

/** Greyscale pixels of the PDF417 symbol for `text`, one byte per pixel. */
export function pdf417Pixels(text: string) {
  const [symbol] = bwipjs.raw({ bcid: 'pdf417', text });
  if (!symbol || !('pixs' in symbol)) throw new Error('bwip-js drew no PDF417 matrix');
  // pixs holds each symbol row once; pixy is the drawn height, rows several modules tall
  const rowHeight = symbol.pixy / (symbol.pixs.length / symbol.pixx);
  const width = (symbol.pixx + 2 * QUIET_ZONE) * PIXELS_PER_MODULE;
  const height = (symbol.pixy + 2 * QUIET_ZONE) * PIXELS_PER_MODULE;
  const pixels = new Uint8ClampedArray(width * height).fill(WHITE);
  for (let y = 0; y < height; y++) {
    const moduleY = Math.floor(y / PIXELS_PER_MODULE) - QUIET_ZONE;
    if (moduleY < 0 || moduleY >= symbol.pixy) continue;
    const row = Math.floor(moduleY / rowHeight);
    for (let x = 0; x < width; x++) {
      const moduleX = Math.floor(x / PIXELS_PER_MODULE) - QUIET_ZONE;
      if (moduleX < 0 || moduleX >= symbol.pixx) continue;
      if (symbol.pixs[row * symbol.pixx + moduleX]) pixels[y * width + x] = BLACK;
    }
  }
  return { pixels, width, height };
}

export function scanPdf417({ pixels, width, height }: ReturnType<typeof pdf417Pixels>): string {
  const bitmap = new BinaryBitmap(
    new HybridBinarizer(new RGBLuminanceSource(pixels, width, height)),
  );
  return new PDF417Reader().decode(bitmap).getText();
}
