/**
 * POST /api/upload/product-media (spec §7): multipart with repeated `files`,
 * answering `{urls}` or `{message}`. Every outcome maps to one of the
 * spec's upload toasts (§8), so the caller only shows what comes back.
 */
export type UploadOutcome =
  | { kind: 'ok'; urls: string[] }
  | { kind: 'failed'; message: string }
  | { kind: 'invalid-response' }
  | { kind: 'no-urls' };

export const UPLOAD_ACCEPT =
  'image/jpeg,image/png,image/gif,image/webp,video/mp4,video/webm,video/quicktime';

export const LAB_DOCUMENT_ACCEPT = 'application/pdf,image/jpeg,image/png,image/webp';

export function uploadProductMedia(files: readonly File[]): Promise<UploadOutcome> {
  return uploadFiles('/api/upload/product-media', files);
}

/** POST /api/upload/lab-document: one PDF or image of a product's lab results. */
export function uploadLabDocument(file: File): Promise<UploadOutcome> {
  return uploadFiles('/api/upload/lab-document', [file]);
}

async function uploadFiles(path: string, files: readonly File[]): Promise<UploadOutcome> {
  const form = new FormData();
  for (const file of files) form.append('files', file, file.name);
  let response: Response;
  try {
    response = await fetch(path, {
      method: 'POST',
      body: form,
      credentials: 'include',
      headers: { Accept: 'application/json' },
    });
  } catch {
    return { kind: 'failed', message: 'Failed to upload files to server' };
  }
  const text = await response.text().catch(() => '');
  let body: { urls?: unknown; message?: unknown; error?: unknown } | undefined;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    body = undefined;
  }
  if (!response.ok) {
    const message =
      typeof body?.message === 'string'
        ? body.message
        : typeof body?.error === 'string'
          ? body.error
          : 'Failed to upload files to server';
    return { kind: 'failed', message };
  }
  if (!body || typeof body !== 'object') return { kind: 'invalid-response' };
  const urls = Array.isArray(body.urls)
    ? body.urls.filter((url): url is string => typeof url === 'string')
    : [];
  if (urls.length === 0) return { kind: 'no-urls' };
  return { kind: 'ok', urls };
}
