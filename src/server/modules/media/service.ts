import type { Db } from '../../db/connect';
import { type Actor, recordChange } from '../audit/service';
import { type PreparedMedia, removeMedia, writeMedia } from './store';

/**
 * Writes the uploaded files, then their audit entry (the upload's only row); when the entry
 * cannot be written the files are removed again, so no upload stays without its entry.
 */
export async function saveUploads(
  db: Db,
  mediaDir: string,
  prepared: PreparedMedia[],
  actor: Actor,
): Promise<string[]> {
  const urls = await writeMedia(mediaDir, prepared);
  try {
    await recordChange(db.kysely, actor, {
      action: 'uploaded',
      entity: 'media',
      entityId: null,
      noted: { urls: { from: null, to: urls } },
    });
  } catch (error) {
    await removeMedia(mediaDir, prepared);
    throw error;
  }
  return urls;
}
