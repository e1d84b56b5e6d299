/**
 * The customer's signature at the door: a small PNG drawn on the driver's
 * screen, sent and kept as a data: URL. Checked by content, not by its label: the bytes must
 * be a PNG of a sensible size.
 */
import { z } from 'zod';

const PREFIX = 'data:image/png;base64,';
/** a signature drawn at 3x on a phone is 10-40 KB; far above that is not a signature */
export const SIGNATURE_MAX_BYTES = 96 * 1024;
export const SIGNATURE_MAX_SIDE = 2400;
const PNG_MAGIC = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/** Why the data URL is not a kept signature, or null when it is one. */
export function signatureProblem(dataUrl: string): string | null {
  if (!dataUrl.startsWith(PREFIX)) return 'must be a PNG image (data:image/png;base64,...)';
  const base64 = dataUrl.slice(PREFIX.length);
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(base64)) return 'must be base64';
  if ((base64.length * 3) / 4 > SIGNATURE_MAX_BYTES)
    return `must be at most ${SIGNATURE_MAX_BYTES / 1024} KB`;
  // the 8-byte signature and the IHDR chunk (length, type, width, height) open every PNG
  if (base64.length < 32) return 'is not a PNG image';
  const head = Uint8Array.from(atob(base64.slice(0, 32)), (c) => c.charCodeAt(0));
  if (PNG_MAGIC.some((byte, i) => head[i] !== byte)) return 'is not a PNG image';
  const view = new DataView(head.buffer);
  const type = String.fromCharCode(...head.slice(12, 16));
  const width = view.getUint32(16);
  const height = view.getUint32(20);
  if (type !== 'IHDR' || width === 0 || height === 0) return 'is not a PNG image';
  if (width > SIGNATURE_MAX_SIDE || height > SIGNATURE_MAX_SIDE)
    return `must be at most ${SIGNATURE_MAX_SIDE} pixels on a side`;
  return null;
}

export const signatureSchema = z
  .string({ message: 'must be a PNG image' })
  .superRefine((value, ctx) => {
    const problem = signatureProblem(value);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });
