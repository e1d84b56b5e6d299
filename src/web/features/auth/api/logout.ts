import { postJson } from '@web/lib/api-client';

/** POST /api/auth/logout: the server ends the session and clears its cookie. */
export async function logOut(): Promise<void> {
  await postJson('/api/auth/logout', {});
}
