import { readFileSync, statSync } from 'node:fs';

/**
 * Reads a file of the web build through `parse`, again only when a rebuild
 * replaced it, so the server never serves a stale build and never re-reads a
 * current one. While the file is missing, the last good value (or null) stands.
 */
export function buildFileReader<T>(file: string, parse: (text: string) => T): () => T | null {
  let cached: { mtimeMs: number; value: T } | null = null;
  return () => {
    try {
      const { mtimeMs } = statSync(file);
      if (cached?.mtimeMs !== mtimeMs)
        cached = { mtimeMs, value: parse(readFileSync(file, 'utf8')) };
      return cached.value;
    } catch {
      return cached?.value ?? null;
    }
  };
}
