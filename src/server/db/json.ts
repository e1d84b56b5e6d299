/** JSON columns are text on both databases; a damaged value reads as the fallback. */
export function readJson<T>(text: string | null | undefined, fallback: T): T {
  if (!text) return fallback;
  try {
    return JSON.parse(text) as T;
  } catch {
    return fallback;
  }
}

export const nowIso = (): string => new Date().toISOString();
