import { readFileSync, statSync } from 'node:fs';

/** How stale a build file may be served after a rebuild replaced it. */
export const BUILD_RECHECK_MS = 1000;

/**
 * Reads a file of the web build through `parse`, again only when a rebuild replaced it.
 * The file is looked at (one `stat`) at most once per `recheckMs`: a `stat` on every
 * request was 15% of what a cached page cost, and a rebuild is served within a second.
 * While the file is missing, the last good value (or null) stands.
 */
export function buildFileReader<T>(
  file: string,
  parse: (text: string) => T,
  recheckMs = BUILD_RECHECK_MS,
): () => T | null {
  let cached: { mtimeMs: number; value: T } | null = null;
  let checkedAt = Number.NEGATIVE_INFINITY;
  return () => {
    const now = performance.now();
    if (cached && now - checkedAt < recheckMs) return cached.value;
    checkedAt = now;
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
