import { useStore } from '@web/lib/create-store';
import { lazyComponent } from '@web/lib/lazy-component';
import { useState } from 'react';
import { useDealerUnlock } from '../hooks/use-dealer-unlock';
import { closeLoginDialog, loginDialogStore, openLoginDialog } from '../login-dialog-store';

// The dialog is only downloaded once someone asks for it (10 logo presses, or a staff page).
const DealerLoginDialog = lazyComponent(() => import('./dealer-login-dialog'));

/**
 * Wiring for the app shell: `onLogoClick` goes to the footer logo, `dialog`
 * is mounted once in the shell.
 */
export function useDealerLogin() {
  const { open, stayOn } = useStore(loginDialogStore);
  const [loaded, setLoaded] = useState(false);
  if (open && !loaded) setLoaded(true);
  const onLogoClick = useDealerUnlock(() => openLoginDialog());
  const dialog = loaded ? (
    <DealerLoginDialog open={open} stayOn={stayOn} onClose={closeLoginDialog} />
  ) : null;
  return { onLogoClick, dialog };
}
