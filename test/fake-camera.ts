/**
 * A video file for Chromium's fake camera (--use-file-for-fake-video-capture): a licence's
 * PDF417 barcode as the phone's back camera would see it, held still in the middle of the
 * frame. Y4M is raw 4:2:0 video; grey values go in the Y plane, colour planes stay neutral.
 */
import { writeFileSync } from 'node:fs';
import { pdf417Pixels } from './pdf417-symbol';

const WIDTH = 640;
const HEIGHT = 480;
const FRAMES = 5;
const WHITE = 235;

export function writeBarcodeVideo(path: string, barcodeText: string): void {
  const barcode = pdf417Pixels(barcodeText);
  if (barcode.width > WIDTH || barcode.height > HEIGHT)
    throw new Error(`the barcode (${barcode.width}x${barcode.height}) does not fit the frame`);
  const luma = new Uint8Array(WIDTH * HEIGHT).fill(WHITE);
  const left = Math.floor((WIDTH - barcode.width) / 2);
  const top = Math.floor((HEIGHT - barcode.height) / 2);
  for (let y = 0; y < barcode.height; y++)
    for (let x = 0; x < barcode.width; x++)
      luma[(top + y) * WIDTH + left + x] = barcode.pixels[y * barcode.width + x] ? WHITE : 16;
  const chroma = new Uint8Array((WIDTH / 2) * (HEIGHT / 2)).fill(128);
  const frame = Buffer.concat([Buffer.from('FRAME\n'), luma, chroma, chroma]);
  const header = Buffer.from(`YUV4MPEG2 W${WIDTH} H${HEIGHT} F10:1 Ip A1:1 C420jpeg\n`);
  writeFileSync(path, Buffer.concat([header, ...Array<Buffer>(FRAMES).fill(frame)]));
}
