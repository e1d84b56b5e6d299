import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFaultApp, type FaultApp } from '../../../test/server-process';
import { multipart, type UploadFile, upload as uploadTo } from '../../../test/uploads';
import { ensureDealer } from '../modules/auth/service';
import { MAX_FILE_BYTES } from '../modules/media/routes';

/** Hostile uploads: polyglots, mislabelled files, decompression bombs, oversize files. */

const DEALER = { username: 'upload-dealer', password: 'a-long-upload-password' };

function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

/**
 * A zip bomb disguised as an image: a well-formed PNG declaring 50000 x 50000
 * pixels (2.5 gigapixels, 7.5 GB decoded) whose IDAT is a small deflate stream.
 */
function pngBomb(side = 50_000): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(side, 0);
  ihdr.writeUInt32BE(side, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // truecolour
  // first 200 rows of zeros: a few hundred bytes compressed, megabytes decoded
  const rows = deflateSync(Buffer.alloc((side * 3 + 1) * 200), { level: 9 });
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', rows),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A baseline JPEG header (SOF0) claiming 60000 x 60000 pixels. */
function jpegBomb(): Buffer {
  const sof = Buffer.from([
    0xff, 0xc0, 0x00, 0x11, 0x08, 0xea, 0x60, 0xea, 0x60, 0x03, 0x01, 0x22, 0x00, 0x02, 0x11, 0x01,
    0x03, 0x11, 0x01,
  ]);
  return Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x02]), sof, Buffer.alloc(512)]);
}

const ZIP_LOCAL_HEADER = Buffer.from([0x50, 0x4b, 0x03, 0x04]);

describe('hostile uploads', () => {
  let t: FaultApp;
  let cookie: string;
  let png: Buffer;

  const listing = () => readdirSync(t.fresh.mediaDir).sort();
  const upload = (files: UploadFile[]) =>
    uploadTo(t.app, '/api/upload/product-media', files, cookie);

  beforeAll(async () => {
    t = await createFaultApp('sqlite');
    await ensureDealer(t.db.kysely, DEALER.username, DEALER.password);
    const login = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: DEALER });
    cookie = `canopy_dealer=${login.cookies.find((c) => c.name === 'canopy_dealer')!.value}`;
    png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#2a7' } })
      .png()
      .toBuffer();
  }, 60_000);
  afterAll(() => t?.dispose());

  const refused: [string, () => UploadFile][] = [
    [
      'a GIF/JavaScript polyglot',
      () => ({
        filename: 'pixel.gif',
        type: 'image/gif',
        data: Buffer.from('GIF89a/*\x00\x00\x00\x00*/=1;alert(document.cookie);//'),
      }),
    ],
    [
      'HTML behind a PNG signature',
      () => ({
        filename: 'photo.png',
        type: 'image/png',
        data: Buffer.concat([
          png.subarray(0, 8),
          Buffer.from('<html><script>alert(1)</script></html>'),
        ]),
      }),
    ],
    [
      'a PHP script named .jpg',
      () => ({
        filename: 'shell.jpg',
        type: 'image/jpeg',
        data: Buffer.from("<?php system($_GET['c']); ?>"),
      }),
    ],
    [
      'an SVG with a script labelled image/png',
      () => ({
        filename: 'logo.png',
        type: 'image/png',
        data: Buffer.from(
          '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
        ),
      }),
    ],
    [
      'a zip archive named .png',
      () => ({
        filename: 'archive.png',
        type: 'image/png',
        data: Buffer.concat([ZIP_LOCAL_HEADER, Buffer.alloc(200, 1)]),
      }),
    ],
    [
      'an HTML page labelled video/mp4',
      () => ({ filename: 'clip.mp4', type: 'video/mp4', data: Buffer.from('<html>hi</html>') }),
    ],
    [
      'a PNG zip bomb declaring 50000 x 50000 pixels',
      () => ({ filename: 'bomb.png', type: 'image/png', data: pngBomb() }),
    ],
    [
      'a JPEG declaring 60000 x 60000 pixels',
      () => ({ filename: 'bomb.jpg', type: 'image/jpeg', data: jpegBomb() }),
    ],
    [
      'a truncated PNG',
      () => ({ filename: 'cut.png', type: 'image/png', data: png.subarray(0, 40) }),
    ],
  ];

  it.each(refused)('refuses %s and writes nothing', async (_name, make) => {
    const before = listing();
    const res = await upload([{ filename: 'ok.png', type: 'image/png', data: png }, make()]);
    expect(res.statusCode, res.body).toBeGreaterThanOrEqual(400);
    expect(res.statusCode, res.body).toBeLessThan(500);
    expect(typeof res.json().message).toBe('string');
    expect(listing()).toEqual(before);
  });

  it('refuses a file just over the size limit with 413 and writes nothing', async () => {
    const before = listing();
    const big = Buffer.concat([png, Buffer.alloc(MAX_FILE_BYTES + 1 - png.length)]);
    const res = await upload([{ filename: 'big.png', type: 'image/png', data: big }]);
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toMatch(/File too large/);
    expect(listing()).toEqual(before);
  });

  it('refuses a body cut off mid-file and writes nothing', async () => {
    const before = listing();
    const { payload, contentType } = multipart([
      { filename: 'a.png', type: 'image/png', data: png },
    ]);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/upload/product-media',
      payload: payload.subarray(0, payload.length - 30),
      headers: { cookie, 'content-type': contentType },
    });
    expect(res.statusCode).toBe(400);
    expect(listing()).toEqual(before);
  });

  it('neutralises a valid image carrying an appended archive: only a clean re-encode is stored', async () => {
    const marker = 'CANOPY-POLYGLOT-PAYLOAD';
    const polyglot = Buffer.concat([png, ZIP_LOCAL_HEADER, Buffer.from(marker.repeat(20))]);
    const before = new Set(listing());
    const res = await upload([{ filename: 'poly.png', type: 'image/png', data: polyglot }]);
    if (res.statusCode !== 200) {
      // refusing it is fine too
      expect(res.statusCode).toBe(400);
      expect(listing()).toEqual([...before].sort());
      return;
    }
    const written = listing().filter((f) => !before.has(f));
    expect(written.length).toBeGreaterThan(0);
    for (const file of written) {
      expect(file).toMatch(/^[0-9a-f]{32}(-w\d+)?\.webp$/);
      const data = readFileSync(path.join(t.fresh.mediaDir, file));
      expect(data.subarray(0, 4).toString('latin1')).toBe('RIFF');
      expect(data.includes(Buffer.from(marker))).toBe(false);
      expect(data.includes(ZIP_LOCAL_HEADER)).toBe(false);
    }
  });
});
