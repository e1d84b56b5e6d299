import { describe, expect, it } from 'vitest';
import { INITIAL_UNLOCK_STATE, registerUnlockClick, type UnlockState } from './unlock-counter';

function clickAt(times: number[]) {
  let state: UnlockState = INITIAL_UNLOCK_STATE;
  const unlockedAt: number[] = [];
  times.forEach((t, index) => {
    const result = registerUnlockClick(state, t);
    state = result.state;
    if (result.unlocked) unlockedAt.push(index + 1);
  });
  return { state, unlockedAt };
}

const every = (gap: number, n: number, start = 1000) =>
  Array.from({ length: n }, (_, i) => start + i * gap);

describe('dealer unlock counter (10 clicks, each within 3000 ms)', () => {
  it('unlocks on the 10th quick click, not before', () => {
    expect(clickAt(every(200, 9)).unlockedAt).toEqual([]);
    expect(clickAt(every(200, 10)).unlockedAt).toEqual([10]);
  });

  it('accepts a gap of exactly 3000 ms', () => {
    expect(clickAt(every(3000, 10)).unlockedAt).toEqual([10]);
  });

  it('a gap longer than 3000 ms restarts the count at 1', () => {
    const times = [...every(100, 9), 1000 + 8 * 100 + 3001];
    const { state, unlockedAt } = clickAt(times);
    expect(unlockedAt).toEqual([]);
    expect(state.count).toBe(1);
    // nine more quick clicks after the restart unlock
    const more = clickAt([...times, ...every(100, 9, times[9] + 100)]);
    expect(more.unlockedAt).toEqual([19]);
  });

  it('resets after unlocking so another 10 clicks are needed', () => {
    const { unlockedAt, state } = clickAt(every(100, 25));
    expect(unlockedAt).toEqual([10, 20]);
    expect(state.count).toBe(5);
  });

  it('honours custom rules', () => {
    const result = registerUnlockClick({ count: 1, lastAt: 0 }, 50, { clicks: 2, gapMs: 100 });
    expect(result.unlocked).toBe(true);
  });
});
