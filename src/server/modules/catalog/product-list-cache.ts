import { type EncodedBody, encodeBody } from '../../http/encoded-body';

export type { EncodedBody };

/**
 * The product list is read by every shopper and changes only when the dealer
 * writes, so it is serialised and compressed once per change, not per request.
 */
export function createEncodedCache(load: () => Promise<unknown>) {
  let current: Promise<EncodedBody> | null = null;
  let generation = 0;

  async function build(): Promise<EncodedBody> {
    return encodeBody(Buffer.from(JSON.stringify(await load())));
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
