import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { keepPreviousAssets } from './scripts/asset-retention.ts';
import { compileHints } from './scripts/compile-hints.ts';

const backend = process.env.API_URL ?? 'http://127.0.0.1:3000';

export default defineConfig({
  root: 'src/web',
  plugins: [react(), tailwindcss(), keepPreviousAssets(), compileHints()],
  resolve: {
    alias: {
      '@shared': fileURLToPath(new URL('./src/shared', import.meta.url)),
      '@web': fileURLToPath(new URL('./src/web', import.meta.url)),
    },
  },
  build: {
    outDir: '../../dist/web',
    // a tab open during an upgrade still loads its own build's chunks (scripts/asset-retention.ts)
    emptyOutDir: false,
    target: 'es2022',
    reportCompressedSize: true,
    // the server reads it to preload the product route's chunks on product pages
    manifest: true,
  },
  server: {
    proxy: {
      '/api': backend,
      '/media': backend,
      '/ws': { target: backend.replace(/^http/, 'ws'), ws: true },
    },
  },
  preview: {
    proxy: {
      '/api': backend,
      '/media': backend,
    },
  },
});
