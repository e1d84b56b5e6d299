import { useSession } from '@web/api/get-session';
import { useAppMode } from '@web/lib/app-mode';
import { readStorage, removeStorage, STORAGE_KEYS, writeStorage } from '@web/lib/storage';
import { useEffect, useState } from 'react';

/**
 * True when the dealer is signed in, also while browsing the shop. The session cookie is
 * httpOnly, so the browser keeps a hint (no secret) that it once saw a dealer session:
 * only then does a shop page ask the server, and shoppers never make that request.
 */
export function useSignedInDealer(): boolean {
  const mode = useAppMode();
  const [hinted] = useState(() => readStorage(STORAGE_KEYS.dealerHint) === '1');
  const session = useSession(hinted || mode === 'dealer');
  const authenticated = session.data?.authenticated === true;
  useEffect(() => {
    if (!session.data) return;
    if (authenticated) writeStorage(STORAGE_KEYS.dealerHint, '1');
    else removeStorage(STORAGE_KEYS.dealerHint);
  }, [session.data, authenticated]);
  return authenticated;
}
