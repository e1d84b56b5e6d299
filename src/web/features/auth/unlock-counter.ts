import { TIMERS } from '../../../shared/constants';

/**
 * The hidden dealer unlock (spec §2.2, §9): the footer logo must be clicked
 * `clicks` times, each click within `gapMs` of the previous one. Kept pure so
 * it is tested without a DOM; the hook only stores the state between clicks.
 */
export interface UnlockState {
  count: number;
  /** time of the last counted click, ms */
  lastAt: number | null;
}

export interface UnlockRules {
  clicks: number;
  gapMs: number;
}

export const DEFAULT_UNLOCK_RULES: UnlockRules = {
  clicks: TIMERS.dealerUnlockClicks,
  gapMs: TIMERS.dealerUnlockGapMs,
};

export const INITIAL_UNLOCK_STATE: UnlockState = { count: 0, lastAt: null };

/** Counts one click at `now`; a click after a longer gap starts a new run. Unlocking resets. */
export function registerUnlockClick(
  state: UnlockState,
  now: number,
  rules: UnlockRules = DEFAULT_UNLOCK_RULES,
): { state: UnlockState; unlocked: boolean } {
  const continues = state.lastAt !== null && now - state.lastAt <= rules.gapMs;
  const count = continues ? state.count + 1 : 1;
  if (count >= rules.clicks) return { state: INITIAL_UNLOCK_STATE, unlocked: true };
  return { state: { count, lastAt: now }, unlocked: false };
}
