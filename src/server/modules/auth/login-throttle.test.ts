import { describe, expect, it } from 'vitest';
import { createLoginThrottle } from './login-throttle';

function throttleWithClock() {
  const clock = { now: 1_000_000 };
  const throttle = createLoginThrottle({ clock: () => clock.now });
  const fail = (user: string, address: string) => {
    const verdict = throttle.begin(user, address);
    if (!verdict.allowed) return verdict.retryAfterSeconds;
    verdict.attempt.failed();
    return 0;
  };
  return { clock, throttle, fail };
}

describe('login throttle', () => {
  it('13.1 reserves attempts before they are evaluated: the 6th concurrent one is refused', () => {
    const { throttle } = throttleWithClock();
    const verdicts = Array.from({ length: 6 }, () => throttle.begin('owner', '1.1.1.1'));
    expect(verdicts.slice(0, 5).every((v) => v.allowed)).toBe(true);
    expect(verdicts[5]).toEqual({ allowed: false, retryAfterSeconds: 900 });
  });

  it('13.1 gives a reservation back when the attempt succeeds or is not evaluated', () => {
    const { throttle } = throttleWithClock();
    for (let i = 0; i < 4; i++) {
      const v = throttle.begin('owner', '1.1.1.1');
      if (v.allowed) v.attempt.failed();
    }
    const good = throttle.begin('owner', '1.1.1.1');
    if (good.allowed) good.attempt.succeeded();
    const crashed = throttle.begin('owner', '1.1.1.1');
    if (crashed.allowed) crashed.attempt.released();
    expect(throttle.begin('owner', '1.1.1.1').allowed).toBe(true);
  });

  it('13.2 doubles the delay for failing addresses with each failure on the username, never for a clean one', () => {
    const { clock, throttle, fail } = throttleWithClock();
    for (let i = 0; i < 5; i++) expect(fail('owner', `2.0.0.${i}`)).toBe(0);
    // 5 failures: 1 s; a failing address must wait, a clean one may try
    expect(fail('owner', '2.0.0.1')).toBe(1);
    expect(throttle.begin('owner', '9.9.9.9').allowed).toBe(true);
    clock.now += 1000;
    expect(fail('owner', '2.0.0.1')).toBe(0);
    // 6 failures: 2 s, then 4 s
    expect(fail('owner', '2.0.0.2')).toBe(2);
    clock.now += 2000;
    expect(fail('owner', '2.0.0.2')).toBe(0);
    expect(fail('owner', '2.0.0.3')).toBe(4);
    // other usernames are not delayed
    expect(fail('someone', '3.0.0.1')).toBe(0);
  });

  it('13.2 forgets failures after the 15-minute window', () => {
    const { clock, fail } = throttleWithClock();
    for (let i = 0; i < 5; i++) fail('owner', '4.4.4.4');
    expect(fail('owner', '4.4.4.4')).toBeGreaterThan(0);
    clock.now += 15 * 60 * 1000;
    expect(fail('owner', '4.4.4.4')).toBe(0);
  });
});
