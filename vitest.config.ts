import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  // the same import aliases as vite.config.ts, so browser modules can be unit-tested
  resolve: {
    alias: {
      '@shared': fileURLToPath(new URL('./src/shared', import.meta.url)),
      '@web': fileURLToPath(new URL('./src/web', import.meta.url)),
    },
  },
  test: {
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx', 'scripts/**/*.test.ts'],
    environment: 'node',
    testTimeout: 30_000,
    // building a seeded app took over 60 s at load 27 on two cores; a quick one costs nothing
    hookTimeout: 180_000,
    maxWorkers: 2,
  },
});
