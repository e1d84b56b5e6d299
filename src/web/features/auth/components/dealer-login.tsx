import { lazyComponent } from '@web/lib/lazy-component';
import { useState } from 'react';
import { useDealerUnlock } from '../hooks/use-dealer-unlock';

// The dialog is only downloaded once someone has clicked the logo 10 times.
const DealerLoginDialog = lazyComponent(() => import('./dealer-login-dialog'));

/**
 * Wiring for the app shell: `onLogoClick` goes to the footer logo, `dialog`
 * is mounted once in the shell.
 */
export function useDealerLogin() {
  const [open, setOpen] = useState(false);
  const [loaded, setLoaded] = useState(false);
  const onLogoClick = useDealerUnlock(() => {
    setLoaded(true);
    setOpen(true);
  });
  const dialog = loaded ? <DealerLoginDialog open={open} onClose={() => setOpen(false)} /> : null;
  return { onLogoClick, dialog };
}
