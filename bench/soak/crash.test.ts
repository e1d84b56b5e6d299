import { describe, expect, it } from 'vitest';
import { crashScenario } from '../../test/crash-scenario';
import { BACKENDS } from '../../test/harness';

/** The full crash test: ten kill -9 restarts under 200 concurrent buyers. */
describe.each(BACKENDS)('crash recovery, 10 rounds, on %s', (backend) => {
  it('keeps every acknowledged order and conserves stock', async () => {
    const report = await crashScenario({
      backend,
      databaseUrl: process.env.TEST_DATABASE_URL,
      rounds: 10,
      stock: 5000,
      keyedShare: 0.3,
    });
    console.log(
      `${backend}: ${report.rounds} crashes, ${report.acknowledged} acknowledged orders, ${report.storedOrders} stored, ${report.attempts} attempts, ${report.keyed} keyed (${report.keyedRetried} retried after a restart)`,
    );
    expect(report.acknowledged).toBeGreaterThan(0);
    expect(report.lost).toEqual([]);
    expect(report.unbalanced).toEqual([]);
    expect(report.negative).toEqual([]);
    expect(report.duplicated).toEqual([]);
    expect(report.mismatched).toEqual([]);
  });
});
