import sharp from 'sharp';

/** A signature as the driver's screen sends it: a PNG data URL, here a blank 320x120 pad. */
export async function signaturePng(width = 320, height = 120): Promise<string> {
  const png = await sharp({
    create: { width, height, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } },
  })
    .png()
    .toBuffer();
  return `data:image/png;base64,${png.toString('base64')}`;
}
