/**
 * A barcode's trip through a printer and a scanner, in memory: bwip-js draws the PDF417 symbol
 * and @zxing/library's PDF417Reader reads it back from the pixels, returning the text a
 * driver's phone would hand to parseAamva.
 */
import { BinaryBitmap, HybridBinarizer, PDF417Reader, RGBLuminanceSource } from '@zxing/library';
import type { pdf417Pixels } from './pdf417-symbol';

export function scanPdf417({ pixels, width, height }: ReturnType<typeof pdf417Pixels>): string {
  const bitmap = new BinaryBitmap(
    new HybridBinarizer(new RGBLuminanceSource(pixels, width, height)),
  );
  return new PDF417Reader().decode(bitmap).getText();
}
