import path from 'node:path';
import react from '@vitejs/plugin-react';
import { type Plugin } from 'vite';
import { defineConfig } from 'vitest/config';

/** Each build's version: compiled into the page and served as /version.json, so a loaded page can tell a newer build is out. */
const version = new Date().toISOString();
const buildVersion: Plugin = {
  name: 'build-version',
  generateBundle() {
    this.emitFile({ type: 'asset', fileName: 'version.json', source: JSON.stringify({ version }) });
  },
};

// The console imports `contracts` from its TypeScript source: one route table, one set of schemas.
export default defineConfig({
  plugins: [react(), buildVersion],
  resolve: { alias: { '@portal/contracts': path.resolve(__dirname, '../contracts/src/index.ts') } },
  build: { outDir: 'dist', emptyOutDir: true, manifest: true, chunkSizeWarningLimit: 1500 },
  define: { __BUILD_VERSION__: JSON.stringify(version) },
  server: { proxy: { '/api': 'http://localhost:3000', '/health': 'http://localhost:3000' } },
  test: { environment: 'jsdom', include: ['src/**/*.test.ts', 'src/**/*.test.tsx'] },
});
