import sharp from 'sharp';

const dataUrl = (png: Buffer) => `data:image/png;base64,${png.toString('base64')}`;

/**
 * A signature as the driver's screen sends it: a PNG data URL of a 320x120 pad with a scrawl
 * drawn across it in the pad's ink colour.
 */
export async function signaturePng(width = 320, height = 120): Promise<string> {
  const scrawl = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <path d="M ${width * 0.08} ${height * 0.7} C ${width * 0.25} ${height * 0.1}, ${width * 0.4} ${height * 0.95}, ${width * 0.55} ${height * 0.4} S ${width * 0.8} ${height * 0.2}, ${width * 0.9} ${height * 0.6}"
      stroke="#111827" stroke-width="3" fill="none" stroke-linecap="round"/></svg>`;
  return dataUrl(await sharp(Buffer.from(scrawl)).png().toBuffer());
}

/** A pad nobody signed: the right size and format, no ink. */
export async function blankSignaturePng(width = 320, height = 120): Promise<string> {
  const png = await sharp({
    create: { width, height, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } },
  })
    .png()
    .toBuffer();
  return dataUrl(png);
}

/** A single tap on the pad: a few inked pixels in one spot. */
export async function dotSignaturePng(width = 320, height = 120): Promise<string> {
  const dot = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <circle cx="${width / 2}" cy="${height / 2}" r="3" fill="#111827"/></svg>`;
  return dataUrl(await sharp(Buffer.from(dot)).png().toBuffer());
}
