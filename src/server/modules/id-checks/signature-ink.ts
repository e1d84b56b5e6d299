/**
 * Whether a signature holds a drawn mark: enough inked pixels, spread over
 * enough of the pad, so a blank pad, a dot or a 1x1 image is not a signature.
 */
import { loadSharp } from '../../imaging/load-sharp';

/** inked pixels a short scrawl leaves even at 1x; a dot or a tap leaves far fewer */
export const MIN_INKED_PIXELS = 100;
/** the mark spans at least this share of the pad's width, and a few pixels in each direction */
const MIN_WIDTH_SHARE = 0.1;
const MIN_SPAN_PX = { width: 30, height: 8 };

export interface Ink {
  inkedPixels: number;
  /** the mark's bounding box */
  width: number;
  height: number;
  padWidth: number;
}

/** The drawn mark's inked pixels and bounding box; a pixel is ink when mostly opaque and dark. */
export async function inkOf(dataUrl: string): Promise<Ink> {
  const sharp = await loadSharp();
  const png = Buffer.from(dataUrl.slice(dataUrl.indexOf(',') + 1), 'base64');
  const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  let inked = 0;
  let [left, top, right, bottom] = [info.width, info.height, -1, -1];
  for (let y = 0; y < info.height; y++) {
    for (let x = 0; x < info.width; x++) {
      const at = (y * info.width + x) * 4;
      const luminance = 0.299 * data[at]! + 0.587 * data[at + 1]! + 0.114 * data[at + 2]!;
      if (data[at + 3]! < 128 || luminance > 160) continue;
      inked++;
      left = Math.min(left, x);
      right = Math.max(right, x);
      top = Math.min(top, y);
      bottom = Math.max(bottom, y);
    }
  }
  return {
    inkedPixels: inked,
    width: right < 0 ? 0 : right - left + 1,
    height: bottom < 0 ? 0 : bottom - top + 1,
    padWidth: info.width,
  };
}

/** True when the image holds a mark someone drew. */
export async function hasDrawnMark(dataUrl: string): Promise<boolean> {
  const ink = await inkOf(dataUrl);
  return (
    ink.inkedPixels >= MIN_INKED_PIXELS &&
    ink.width >= Math.max(MIN_SPAN_PX.width, ink.padWidth * MIN_WIDTH_SHARE) &&
    ink.height >= MIN_SPAN_PX.height
  );
}
