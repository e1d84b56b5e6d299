import { lazy, Suspense, useState } from 'react';
import { useDealerUnlock } from '../hooks/use-dealer-unlock';

// The dialog is only downloaded once someone has clicked the logo 10 times.
const DealerLoginDialog = lazy(() => import('./dealer-login-dialog'));

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
  const dialog = loaded ? (
    <Suspense fallback={null}>
      <DealerLoginDialog open={open} onClose={() => setOpen(false)} />
    </Suspense>
  ) : null;
  return { onLogoClick, dialog };
}
