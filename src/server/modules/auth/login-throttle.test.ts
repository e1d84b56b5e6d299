import { describe, expect, it } from 'vitest';
import { memoryCounters } from '../../limits/counters';
import { createLoginThrottle } from './login-throttle';

function throttleWithClock() {
  const clock = { now: 1_000_000 };
  const throttle = createLoginThrottle({ counters: memoryCounters(() => clock.now) });
  /** an attempt that fails: 0, or the seconds it was told to wait instead */
  const fail = async (user: string, address: string) => {
    const verdict = await throttle.begin(user, address);
    if (!verdict.allowed) return verdict.retryAfterSeconds;
    await verdict.attempt.failed();
    return 0;
  };
  return { clock, throttle, fail };
}

describe('login throttle', () => {
  it('13.1 reserves attempts before they are evaluated: the 6th concurrent one is refused', async () => {
    const { throttle } = throttleWithClock();
    const verdicts = await Promise.all(
      Array.from({ length: 6 }, () => throttle.begin('owner', '1.1.1.1')),
    );
    expect(verdicts.slice(0, 5).every((v) => v.allowed)).toBe(true);
    expect(verdicts[5]).toEqual({ allowed: false, retryAfterSeconds: 900 });
  });

  it('13.1 gives a reservation back when the attempt succeeds or is not evaluated', async () => {
    const { throttle, fail } = throttleWithClock();
    for (let i = 0; i < 4; i++) await fail('owner', '1.1.1.1');
    const good = await throttle.begin('owner', '1.1.1.1');
    if (good.allowed) await good.attempt.succeeded();
    const crashed = await throttle.begin('owner', '1.1.1.1');
    if (crashed.allowed) await crashed.attempt.released();
    expect((await throttle.begin('owner', '1.1.1.1')).allowed).toBe(true);
  });

  it('13.2 doubles the delay for failing addresses with each failure on the username, never for a clean one', async () => {
    const { clock, throttle, fail } = throttleWithClock();
    for (let i = 0; i < 5; i++) expect(await fail('owner', `2.0.0.${i}`)).toBe(0);
    // 5 failures: 1 s; a failing address must wait, a clean one may try
    expect(await fail('owner', '2.0.0.1')).toBe(1);
    expect((await throttle.begin('owner', '9.9.9.9')).allowed).toBe(true);
    clock.now += 1000;
    expect(await fail('owner', '2.0.0.1')).toBe(0);
    // 6 failures: 2 s, then 4 s
    expect(await fail('owner', '2.0.0.2')).toBe(2);
    clock.now += 2000;
    expect(await fail('owner', '2.0.0.2')).toBe(0);
    expect(await fail('owner', '2.0.0.3')).toBe(4);
    // other usernames are not delayed
    expect(await fail('someone', '3.0.0.1')).toBe(0);
  });

  it('13.2 forgets failures after the 15-minute window', async () => {
    const { clock, fail } = throttleWithClock();
    for (let i = 0; i < 5; i++) await fail('owner', '4.4.4.4');
    expect(await fail('owner', '4.4.4.4')).toBeGreaterThan(0);
    clock.now += 15 * 60 * 1000;
    expect(await fail('owner', '4.4.4.4')).toBe(0);
  });

  it('an attack spread over 40 addresses makes each of them wait, up to 15 minutes', async () => {
    const { throttle, fail } = throttleWithClock();
    for (let i = 0; i < 40; i++) await fail('owner', `5.0.${i}.1`);
    // every address that failed on the account is delayed (by the 40th failure, 15 minutes)
    const waits = await Promise.all(
      Array.from({ length: 40 }, (_, i) => fail('owner', `5.0.${i}.1`)),
    );
    expect(waits).toEqual(Array(40).fill(900));
    // the owner, from an address that never failed on it, still gets in
    expect((await throttle.begin('owner', '8.8.8.8')).allowed).toBe(true);
  });

  it('a typo on another account does not make an address wait on the attacked one', async () => {
    const { throttle, fail } = throttleWithClock();
    for (let i = 0; i < 30; i++) await fail('owner', `6.0.${i}.1`);
    expect(await fail('support-amy', '7.7.7.7')).toBe(0);
    expect((await throttle.begin('owner', '7.7.7.7')).allowed).toBe(true);
  });

  it('counts IPv6 addresses by their /64', async () => {
    const { fail } = throttleWithClock();
    for (let i = 1; i <= 5; i++) expect(await fail('owner', `2001:db8:0:7::${i}`)).toBe(0);
    expect(await fail('owner', '2001:db8::7:0:0:0:6')).toBe(900);
    expect(await fail('owner', '2001:db8:0:8::1')).toBe(0);
  });
});
