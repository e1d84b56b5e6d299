import { createHash } from 'node:crypto';
import { brotliCompressSync, gzipSync, constants as zlibConstants } from 'node:zlib';

export interface EncodedBody {
  etag: string;
  identity: Buffer;
  gzip: Buffer;
  br: Buffer;
}

/**
 * The product list is read by every shopper and changes only when the dealer
 * writes, so it is serialised and compressed once per change, not per request.
 */
export function createEncodedCache(load: () => Promise<unknown>) {
  let current: Promise<EncodedBody> | null = null;
  let generation = 0;

  async function build(): Promise<EncodedBody> {
    const identity = Buffer.from(JSON.stringify(await load()));
    const etag = `"${createHash('sha1').update(identity).digest('base64url')}"`;
    return {
      etag,
      identity,
      gzip: gzipSync(identity, { level: 6 }),
      br: brotliCompressSync(identity, {
        params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 5 },
      }),
    };
  }

  return {
    get(): Promise<EncodedBody> {
      if (!current) {
        const startedAt = generation;
        current = build().catch((error) => {
          if (generation === startedAt) current = null;
          throw error;
        });
      }
      return current;
    },
    invalidate(): void {
      generation += 1;
      current = null;
    },
  };
}

export type EncodedCache = ReturnType<typeof createEncodedCache>;
