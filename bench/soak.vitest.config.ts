import { defineConfig } from 'vitest/config';

/** `npm run soak`: the long fault tests (full crash rounds, database outage). */
export default defineConfig({
  test: {
    include: ['bench/soak/**/*.test.ts'],
    environment: 'node',
    testTimeout: 600_000,
    hookTimeout: 120_000,
    // they start servers and stop PostgreSQL: one file at a time
    fileParallelism: false,
  },
});
