import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { blankSignaturePng, dotSignaturePng, signaturePng } from '../../../../test/signature';
import { hasDrawnMark, inkOf } from './signature-ink';

describe('a signature holds a drawn mark', () => {
  it('finds the scrawl across the pad', async () => {
    const signed = await signaturePng();
    const ink = await inkOf(signed);
    expect(ink.inkedPixels).toBeGreaterThan(300);
    expect(ink.width).toBeGreaterThan(200);
    expect(await hasDrawnMark(signed)).toBe(true);
  });

  it('refuses a blank pad, a single tap and a 1x1 image', async () => {
    expect(await inkOf(await blankSignaturePng())).toMatchObject({ inkedPixels: 0, width: 0 });
    expect(await hasDrawnMark(await blankSignaturePng())).toBe(false);
    expect(await hasDrawnMark(await dotSignaturePng())).toBe(false);
    const onePixel = await sharp({
      create: { width: 1, height: 1, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 1 } },
    })
      .png()
      .toBuffer();
    expect(await hasDrawnMark(`data:image/png;base64,${onePixel.toString('base64')}`)).toBe(false);
  });

  it('counts ink on a white pad as well as on a transparent one', async () => {
    const white = await sharp({
      create: { width: 320, height: 120, channels: 4, background: '#ffffff' },
    })
      .composite([{ input: Buffer.from((await signaturePng()).split(',')[1]!, 'base64') }])
      .png()
      .toBuffer();
    expect(await hasDrawnMark(`data:image/png;base64,${white.toString('base64')}`)).toBe(true);
  });
});
