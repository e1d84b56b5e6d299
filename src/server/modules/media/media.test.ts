import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { crc32 } from 'node:zlib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withoutAuditLog } from '../../../../test/audit-log';
import { dealerClient } from '../../../../test/catalog-admin';
import { BACKENDS, createTestApp, type TestApp } from '../../../../test/harness';
import { multipart, type UploadFile, upload as uploadTo } from '../../../../test/uploads';
import type { AuditEntry } from '../../../shared/audit';
import { IMAGE_VARIANT_WIDTHS, mediaVariant } from '../../../shared/media';
import { MAX_FILE_BYTES } from './routes';
import { sniffMediaKind } from './sniff';

const URL_PATH = '/api/upload/product-media';

const pngOf = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 30, g: 160, b: 90 } } })
    .png()
    .toBuffer();

/** A real PNG whose header claims 20000 x 20000 pixels (CRC fixed), as a decompression bomb would. */
async function bombPng(): Promise<Buffer> {
  const png = Buffer.from(await pngOf(4, 4));
  png.writeUInt32BE(20_000, 16);
  png.writeUInt32BE(20_000, 20);
  png.writeUInt32BE(crc32(png.subarray(12, 29)), 29);
  return png;
}

const ftyp = (brand: string, size = 64) => {
  const data = Buffer.alloc(size);
  data.writeUInt32BE(24, 0);
  data.write(`ftyp${brand}`, 4, 'latin1');
  return data;
};
const webmHeader = () =>
  Buffer.concat([
    Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x86, 0x81, 0x01, 0x42, 0x82, 0x84]),
    Buffer.from('webm'),
    Buffer.alloc(48),
  ]);

describe('media sniffing', () => {
  it('knows the seven kinds by their first bytes and nothing else', async () => {
    expect(sniffMediaKind(await pngOf(2, 2))).toBe('png');
    expect(
      sniffMediaKind(
        await sharp(await pngOf(2, 2))
          .jpeg()
          .toBuffer(),
      ),
    ).toBe('jpeg');
    expect(
      sniffMediaKind(
        await sharp(await pngOf(2, 2))
          .gif()
          .toBuffer(),
      ),
    ).toBe('gif');
    expect(
      sniffMediaKind(
        await sharp(await pngOf(2, 2))
          .webp()
          .toBuffer(),
      ),
    ).toBe('webp');
    expect(sniffMediaKind(ftyp('isom'))).toBe('mp4');
    expect(sniffMediaKind(ftyp('qt  '))).toBe('quicktime');
    expect(sniffMediaKind(webmHeader())).toBe('webm');
    expect(sniffMediaKind(ftyp('heic'))).toBeNull();
    expect(sniffMediaKind(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull();
    expect(sniffMediaKind(Buffer.from('%PDF-1.7'))).toBeNull();
    expect(sniffMediaKind(Buffer.alloc(0))).toBeNull();
  });
});

describe.each(BACKENDS)('media upload on %s', (dialect) => {
  let t: TestApp;
  let cookie: string;
  let png: Buffer;

  const upload = (files: UploadFile[], withSession = true) =>
    uploadTo(t.app, URL_PATH, files, withSession ? cookie : undefined);
  const stored = () => readdirSync(t.config.mediaDir).sort();

  beforeAll(async () => {
    t = await createTestApp(dialect, { seed: false });
    ({ cookie } = await dealerClient(t));
    png = await pngOf(1200, 800);
  });
  afterAll(() => t.dispose());

  it('re-encodes an image to WebP with its resized variants and serves it with nosniff', async () => {
    const res = await upload([{ filename: 'photo.png', type: 'image/png', data: png }]);
    expect(res.statusCode, res.body).toBe(200);
    const { urls } = res.json<{ urls: string[] }>();
    expect(urls).toHaveLength(1);
    expect(urls[0]).toMatch(/^\/media\/[0-9a-f]{32}\.webp$/);
    for (const width of IMAGE_VARIANT_WIDTHS) {
      const file = path.join(t.config.mediaDir, path.basename(mediaVariant(urls[0], width)));
      expect((await sharp(file).metadata()).width).toBe(width);
    }
    const served = await t.app.inject(urls[0]);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect((await sharp(served.rawPayload).metadata()).format).toBe('webp');
  });

  it('strips photo metadata', async () => {
    const jpeg = await sharp(await pngOf(400, 300))
      .jpeg()
      .withExif({ IFD0: { Copyright: 'secret location' } })
      .toBuffer();
    expect((await sharp(jpeg).metadata()).exif).toBeDefined();
    const res = await upload([{ filename: 'photo.jpg', type: 'image/jpeg', data: jpeg }]);
    expect(res.statusCode, res.body).toBe(200);
    const file = path.join(t.config.mediaDir, path.basename(res.json().urls[0]));
    expect((await sharp(file).metadata()).exif).toBeUndefined();
  });

  it('keeps videos as they are under a random name with the right extension', async () => {
    const mp4 = Buffer.concat([ftyp('mp42'), Buffer.alloc(2 * 1024 * 1024, 7)]);
    const res = await upload([
      { filename: 'clip.bin', type: 'application/octet-stream', data: mp4 },
      { filename: 'clip.webm', type: 'video/webm', data: webmHeader() },
      { filename: 'clip.mov', type: 'video/quicktime', data: ftyp('qt  ') },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    const urls: string[] = res.json().urls;
    expect(urls.map((u) => path.extname(u))).toEqual(['.mp4', '.webm', '.mov']);
    const served = await t.app.inject(urls[0]);
    expect(served.headers['content-type']).toBe('video/mp4');
    expect(served.rawPayload.equals(mp4)).toBe(true);
  });

  it('refuses a text file named .png and writes nothing, even beside a valid image', async () => {
    const before = stored();
    const res = await upload([
      { filename: 'photo.png', type: 'image/png', data: png },
      {
        filename: 'notes.png',
        type: 'image/png',
        data: Buffer.from('just some text, not a picture'),
      },
    ]);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Unsupported file type: notes.png');
    expect(stored()).toEqual(before);
  });

  it('refuses a file over 10 MB and writes nothing', async () => {
    const before = stored();
    const big = Buffer.concat([png, Buffer.alloc(MAX_FILE_BYTES)]);
    const res = await upload([
      { filename: 'photo.png', type: 'image/png', data: png },
      { filename: 'huge.png', type: 'image/png', data: big },
    ]);
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toMatch(/^File too large/);
    expect(stored()).toEqual(before);
  });

  it('refuses more than five files and writes nothing', async () => {
    const before = stored();
    const files = Array.from({ length: 6 }, (_, i) => ({
      filename: `p${i}.png`,
      type: 'image/png',
      data: png,
    }));
    const res = await upload(files);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Too many files: at most 5 at once');
    expect(stored()).toEqual(before);
  });

  it('refuses an image whose header claims too many pixels', async () => {
    const before = stored();
    const res = await upload([{ filename: 'bomb.png', type: 'image/png', data: await bombPng() }]);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Could not read image: bomb.png');
    expect(stored()).toEqual(before);
  });

  it('refuses a request with no file or that is not multipart', async () => {
    expect((await upload([])).statusCode).toBe(400);
    const json = await t.app.inject({
      method: 'POST',
      url: URL_PATH,
      payload: { files: [] },
      headers: { cookie },
    });
    expect(json.statusCode).toBe(400);
  });

  it('refuses a truncated multipart body', async () => {
    const { payload, contentType } = multipart([
      { filename: 'photo.png', type: 'image/png', data: png },
    ]);
    const res = await t.app.inject({
      method: 'POST',
      url: URL_PATH,
      payload: payload.subarray(0, 200),
      headers: { 'content-type': contentType, cookie },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Malformed multipart body');
  });

  it('records the upload in the audit trail with its URLs; without the entry no file stays', async () => {
    const clip = [{ filename: 'clip.webm', type: 'video/webm', data: webmHeader() }];
    const res = await upload(clip);
    expect(res.statusCode, res.body).toBe(200);
    const { urls } = res.json<{ urls: string[] }>();
    const log = await t.app.inject({ url: '/api/audit?entity=media', headers: { cookie } });
    expect(log.json<AuditEntry[]>()[0]).toMatchObject({
      staffUsername: 'back-office',
      staffRole: 'owner',
      action: 'uploaded',
      entity: 'media',
      entityId: null,
      changes: { urls: { from: null, to: urls } },
      address: '127.0.0.1',
    });

    const before = stored();
    await withoutAuditLog(t, async () => {
      expect((await upload(clip)).statusCode).toBe(500);
    });
    expect(stored()).toEqual(before);
  });

  it('refuses uploads without a dealer session and writes nothing', async () => {
    const before = stored();
    const res = await upload([{ filename: 'photo.png', type: 'image/png', data: png }], false);
    expect(res.statusCode).toBe(401);
    expect(stored()).toEqual(before);
    expect(existsSync(t.config.mediaDir)).toBe(true);
  });
});
