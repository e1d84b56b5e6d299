import { TIMERS } from '@shared/constants';
import { useQueryClient } from '@tanstack/react-query';
import { orderKeys } from '@web/api/get-orders';
import { SIGNED_OUT, sessionQueryOptions } from '@web/api/get-session';
import { toast } from '@web/components/ui/toast';
import { appModeStore } from '@web/lib/app-mode';
import { paths } from '@web/lib/paths';
import { useCallback } from 'react';
import { useLocation } from 'wouter';
import { logOut } from '../api/logout';

/** Spec §4/§8: logout leaves dealer mode, says so, and goes home. */
export function useLogout() {
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  return useCallback(async () => {
    try {
      await logOut();
    } catch (error) {
      // the cookie may already be gone; the browser still leaves dealer mode
      console.error('Logout failed', error);
    }
    // leave the dealer pages first so their guard never sees the signed-out session
    navigate(paths.home);
    appModeStore.set('customer');
    queryClient.setQueryData(sessionQueryOptions().queryKey, SIGNED_OUT);
    queryClient.removeQueries({ queryKey: orderKeys.all, exact: true });
    toast({
      title: 'Logged Out',
      description: 'You have been logged out of dealer mode.',
      durationMs: TIMERS.dealerToastMs,
    });
  }, [navigate, queryClient]);
}
