/**
 * Decides what an upload is from its first bytes, never from its name or declared
 * type: only the spec's seven kinds (jpeg, png, gif, webp, mp4, webm, quicktime) pass.
 */
export type MediaKind = 'jpeg' | 'png' | 'gif' | 'webp' | 'mp4' | 'webm' | 'quicktime' | 'pdf';

export const IMAGE_KINDS: ReadonlySet<MediaKind> = new Set(['jpeg', 'png', 'gif', 'webp']);

/** Kinds kept byte for byte, and the file extension each is stored under. */
export const VIDEO_EXTENSIONS: Record<
  Extract<MediaKind, 'mp4' | 'webm' | 'quicktime' | 'pdf'>,
  string
> = {
  mp4: 'mp4',
  webm: 'webm',
  quicktime: 'mov',
  pdf: 'pdf',
};

/** ISO base media brands of MP4 files (H.264/AAC and friends); HEIC/AVIF images use other brands. */
const MP4_BRANDS = new Set([
  'isom',
  'iso2',
  'iso3',
  'iso4',
  'iso5',
  'iso6',
  'mp41',
  'mp42',
  'avc1',
  'M4V ',
  'M4VP',
  'dash',
  'mmp4',
  'MSNV',
  'f4v ',
]);

const startsWith = (buf: Buffer, bytes: number[], offset = 0) =>
  buf.length >= offset + bytes.length && bytes.every((b, i) => buf[offset + i] === b);
const ascii = (buf: Buffer, start: number, end: number) =>
  buf.subarray(start, end).toString('latin1');

export function sniffMediaKind(buf: Buffer): MediaKind | null {
  if (startsWith(buf, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(buf, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (buf.length >= 6 && ['GIF87a', 'GIF89a'].includes(ascii(buf, 0, 6))) return 'gif';
  if (buf.length >= 12 && ascii(buf, 0, 4) === 'RIFF' && ascii(buf, 8, 12) === 'WEBP')
    return 'webp';
  if (buf.length >= 12 && ascii(buf, 4, 8) === 'ftyp') {
    const brand = ascii(buf, 8, 12);
    if (brand === 'qt  ') return 'quicktime';
    if (MP4_BRANDS.has(brand)) return 'mp4';
    return null;
  }
  // EBML header; its DocType tells WebM from other Matroska files.
  if (startsWith(buf, [0x1a, 0x45, 0xdf, 0xa3]) && ascii(buf, 4, 64).includes('webm'))
    return 'webm';
  return null;
}

/**
 * Lab results: a PDF, or a photo or scan of one (JPEG, PNG, WebP). A PDF must
 * start with its header and end with its end-of-file marker, so a renamed file or a cut-off
 * upload is refused.
 */
export function sniffLabDocumentKind(buf: Buffer): MediaKind | null {
  if (buf.length >= 8 && ascii(buf, 0, 5) === '%PDF-') {
    const tail = ascii(buf, Math.max(0, buf.length - 1024), buf.length);
    return tail.includes('%%EOF') ? 'pdf' : null;
  }
  const kind = sniffMediaKind(buf);
  return kind === 'jpeg' || kind === 'png' || kind === 'webp' ? kind : null;
}
