/**
 * A tab opened before a deploy asks for code-split files of the build it started with; a new
 * build has replaced them. Loading the page again fetches the new build. Reloads at most once
 * a minute, so a file that is really missing shows the error page instead of reloading forever.
 */
const RELOADED_AT = 'canopy:stale-chunk-reload';
const ONCE_PER_MS = 60_000;

const STALE_CHUNK =
  /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|Unable to preload CSS/i;

export function isStaleChunkError(error: unknown): boolean {
  return error instanceof Error && STALE_CHUNK.test(error.message);
}

export function reloadOnceForNewBuild(): boolean {
  try {
    const last = Number(sessionStorage.getItem(RELOADED_AT) ?? 0);
    if (Date.now() - last < ONCE_PER_MS) return false;
    sessionStorage.setItem(RELOADED_AT, String(Date.now()));
  } catch {
    return false;
  }
  window.location.reload();
  return true;
}
