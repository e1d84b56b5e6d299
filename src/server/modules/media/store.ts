import { randomBytes } from 'node:crypto';
import { unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { IMAGE_VARIANT_WIDTHS } from '../../../shared/media';
import { loadSharp } from '../../imaging/load-sharp';
import { IMAGE_KINDS, type MediaKind, VIDEO_EXTENSIONS } from './sniff';

/** Refuses decompression bombs: a 40-megapixel image is already far beyond any product photo. */
export const MAX_INPUT_PIXELS = 40_000_000;

export interface UploadedFile {
  filename: string;
  kind: MediaKind;
  data: Buffer;
}

/** Files ready to write, and the URL each upload will answer. */
export interface PreparedMedia {
  url: string;
  files: { name: string; data: Buffer }[];
}

export class UnreadableImageError extends Error {
  constructor(readonly filename: string) {
    super(`Could not read image: ${filename}`);
  }
}

const randomName = () => randomBytes(16).toString('hex');

/**
 * Images are re-encoded to WebP (which drops EXIF and every other metadata) with the
 * resized variants of src/shared/media.ts; videos are kept byte for byte. Nothing is written here.
 */
export async function prepareMedia(file: UploadedFile): Promise<PreparedMedia> {
  const name = randomName();
  if (!IMAGE_KINDS.has(file.kind)) {
    const fileName = `${name}.${VIDEO_EXTENSIONS[file.kind as keyof typeof VIDEO_EXTENSIONS]}`;
    return { url: `/media/${fileName}`, files: [{ name: fileName, data: file.data }] };
  }
  const animated = file.kind === 'gif' || file.kind === 'webp';
  const sharp = await loadSharp();
  try {
    const source = sharp(file.data, {
      limitInputPixels: MAX_INPUT_PIXELS,
      animated,
      failOn: 'error',
    });
    // Photos carry their orientation in EXIF; apply it before the metadata goes.
    const oriented = () => (file.kind === 'jpeg' ? source.clone().rotate() : source.clone());
    const master = await oriented().webp({ quality: 80 }).toBuffer();
    const variants = await Promise.all(
      IMAGE_VARIANT_WIDTHS.map(async (width) => ({
        name: `${name}-w${width}.webp`,
        data: await oriented()
          .resize({ width, withoutEnlargement: true })
          .webp({ quality: 75 })
          .toBuffer(),
      })),
    );
    return {
      url: `/media/${name}.webp`,
      files: [{ name: `${name}.webp`, data: master }, ...variants],
    };
  } catch {
    throw new UnreadableImageError(file.filename);
  }
}

/** Writes every prepared file, or none: a failure removes what this call already wrote. */
export async function writeMedia(mediaDir: string, prepared: PreparedMedia[]): Promise<string[]> {
  const written: string[] = [];
  try {
    for (const file of prepared.flatMap((p) => p.files)) {
      const target = path.join(mediaDir, file.name);
      await writeFile(target, file.data, { flag: 'wx' });
      written.push(target);
    }
  } catch (error) {
    await Promise.all(written.map((target) => unlink(target).catch(() => {})));
    throw error;
  }
  return prepared.map((p) => p.url);
}

/** Removes the files of uploads written by `writeMedia` (one already gone is no error). */
export async function removeMedia(mediaDir: string, prepared: PreparedMedia[]): Promise<void> {
  const names = prepared.flatMap((p) => p.files.map((file) => file.name));
  await Promise.all(names.map((name) => unlink(path.join(mediaDir, name)).catch(() => {})));
}
