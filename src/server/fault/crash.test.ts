import { describe, expect, it } from 'vitest';
import { BACKENDS } from '../test/harness';
import { crashScenario } from './crash-scenario';

/**
 * kill -9 in the middle of 200 concurrent buyers, three times over (ten in
 * `npm run soak`): no acknowledged order is lost and no unit of stock appears
 * or disappears.
 */
describe.each(BACKENDS)('crash recovery on %s', (backend) => {
  it('keeps every acknowledged order and conserves stock across 3 kill -9 restarts', async () => {
    const report = await crashScenario({
      backend,
      databaseUrl: process.env.TEST_DATABASE_URL,
      rounds: 3,
    });
    expect(report.acknowledged).toBeGreaterThan(0);
    expect(report.lost).toEqual([]);
    expect(report.unbalanced).toEqual([]);
    expect(report.negative).toEqual([]);
    expect(report.storedOrders).toBeGreaterThanOrEqual(report.acknowledged);
  }, 120_000);
});
