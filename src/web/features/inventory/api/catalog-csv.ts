/**
 * The catalog spreadsheet calls: the export is a plain download link;
 * an import is sent as a multipart file, first for its preview, then with apply=true.
 */
import type { CatalogImportResult } from '@shared/catalog-csv';
import { ApiError, apiFetch } from '@web/lib/api-client';

export const CATALOG_EXPORT_URL = '/api/products/export.csv';

function importRequest(file: File, apply: boolean): Promise<CatalogImportResult> {
  const form = new FormData();
  form.append('file', file, file.name);
  return apiFetch<CatalogImportResult>(`/api/products/import${apply ? '?apply=true' : ''}`, {
    method: 'POST',
    body: form,
  });
}

export const previewCatalogImport = (file: File) => importRequest(file, false);

/**
 * Applies the file; a refusal because the file (or the catalog since the preview)
 * has problems answers the new preview instead of throwing.
 */
export async function applyCatalogImport(file: File): Promise<CatalogImportResult> {
  try {
    return await importRequest(file, true);
  } catch (error) {
    if (error instanceof ApiError && error.status === 400) {
      try {
        const body = JSON.parse(error.body) as Partial<CatalogImportResult>;
        if (body.counts && Array.isArray(body.errors)) return body as CatalogImportResult;
      } catch {
        // not a preview: rethrow below
      }
    }
    throw error;
  }
}
