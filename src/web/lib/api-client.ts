import type { ErrorCode } from '@shared/error-codes';

/**
 * The one way the browser talks to the server (spec §7): credentials always
 * included, JSON in and out, and a non-OK answer throws `{status}: {body or status text}`.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: string,
    statusText: string,
  ) {
    super(`${status}: ${body || statusText}`);
    this.name = 'ApiError';
  }

  /** The JSON error body, when the answer had one. */
  get json(): Record<string, unknown> | undefined {
    try {
      const parsed: unknown = JSON.parse(this.body);
      if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) {
        return parsed as Record<string, unknown>;
      }
    } catch {
      // not JSON
    }
    return undefined;
  }

  /**
   * The stable code of the refusal (src/shared/error-codes.ts), when the server sent one. Only
   * the shape is checked, so the list of codes stays out of the first-load bundle; a code
   * this build does not know simply matches no text of ours.
   */
  get code(): ErrorCode | undefined {
    const code = this.json?.code;
    return typeof code === 'string' && /^[A-Z][A-Z0-9_]*$/.test(code)
      ? (code as ErrorCode)
      : undefined;
  }

  /** The `error` (or `message`) field of a JSON error body, when there is one. */
  get serverMessage(): string | undefined {
    const body = this.json;
    if (typeof body?.error === 'string') return body.error;
    if (typeof body?.message === 'string') return body.message;
    return undefined;
  }
}

type Transport = (path: string, init: RequestInit) => Promise<Response>;
let transport: Transport = (path, init) => fetch(path, init);

/** The server renders pages with the same queries, answered in-process instead of over HTTP. */
export function setApiTransport(next: Transport): void {
  transport = next;
}

export async function apiFetch<T>(path: string, init: RequestInit = {}): Promise<T> {
  return (await apiPage<T>(path, init)).body;
}

/** Like apiFetch, with the next page's path when the answer names one (`Link: <…>; rel="next"`). */
export async function apiPage<T>(
  path: string,
  init: RequestInit = {},
): Promise<{ body: T; next: string | null }> {
  const headers = new Headers(init.headers);
  if (init.body !== undefined && !(init.body instanceof FormData)) {
    headers.set('Content-Type', 'application/json');
  }
  headers.set('Accept', 'application/json');
  const response = await transport(path, { ...init, headers, credentials: 'include' });
  if (!response.ok) {
    const body = await response.text().catch(() => '');
    throw new ApiError(response.status, body, response.statusText);
  }
  const next = /<([^>]+)>;\s*rel="next"/.exec(response.headers.get('link') ?? '')?.[1] ?? null;
  if (response.status === 204) return { body: undefined as T, next };
  const text = await response.text();
  return { body: (text ? JSON.parse(text) : undefined) as T, next };
}

/** Sends `body` as JSON with `method` and answers with what the server kept. */
export function sendJson<T>(
  method: 'POST' | 'PUT' | 'PATCH',
  path: string,
  body: unknown,
): Promise<T> {
  return apiFetch<T>(path, { method, body: JSON.stringify(body) });
}

export function postJson<T>(path: string, body: unknown): Promise<T> {
  return sendJson<T>('POST', path, body);
}
