import { useCallback, useRef } from 'react';
import {
  DEFAULT_UNLOCK_RULES,
  INITIAL_UNLOCK_STATE,
  registerUnlockClick,
  type UnlockRules,
} from '../unlock-counter';

/** A click handler for the footer logo that calls `onUnlock` on the 10th quick click. */
export function useDealerUnlock(onUnlock: () => void, rules: UnlockRules = DEFAULT_UNLOCK_RULES) {
  const state = useRef(INITIAL_UNLOCK_STATE);
  const latest = useRef(onUnlock);
  latest.current = onUnlock;
  return useCallback(() => {
    const result = registerUnlockClick(state.current, Date.now(), rules);
    state.current = result.state;
    if (result.unlocked) latest.current();
  }, [rules]);
}
