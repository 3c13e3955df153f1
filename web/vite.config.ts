import { realpathSync } from 'node:fs';
import path from 'node:path';
import react from '@vitejs/plugin-react';
import { type Plugin, runnerImport } from 'vite';
import { defineConfig } from 'vitest/config';

/** Real path: module ids are real paths, also when the checkout is reached through a symlink. */
const contractsSource = realpathSync(path.resolve(import.meta.dirname, '../contracts/src'));

/** Each build's version: compiled into the page and served as /version.json, so a loaded page can tell a newer build is out. */
const version = new Date().toISOString();
const buildVersion: Plugin = {
  name: 'build-version',
  generateBundle() {
    this.emitFile({ type: 'asset', fileName: 'version.json', source: JSON.stringify({ version }) });
  },
};

/**
 * `@portal/contracts/browser-route-table`: the route table as the browser needs it — method, path
 * and access of every route, serialised when the console is built. The route modules carry
 * their zod schemas (request validation and the OpenAPI document, server side); importing them
 * would put zod and every schema on the login page. Types come from the real route-table module
 * (tsconfig `paths`); only `apiRoutes` exists at run time.
 */
const BROWSER_ROUTE_TABLE = '@portal/contracts/browser-route-table';
const browserRouteTable: Plugin = {
  name: 'browser-route-table',
  enforce: 'pre',
  resolveId(source) {
    return source === BROWSER_ROUTE_TABLE ? `\0${BROWSER_ROUTE_TABLE}` : null;
  },
  async load(id) {
    if (id !== `\0${BROWSER_ROUTE_TABLE}`) return null;
    const routeTableFile = path.join(contractsSource, 'platform/route-table.ts');
    const { module, dependencies } = await runnerImport<typeof import('../contracts/src/platform/route-table')>(routeTableFile, { configFile: false, logLevel: 'error' });
    // A changed route file rebuilds the table (dev server, watch builds).
    for (const dependency of [routeTableFile, ...dependencies]) if (dependency.startsWith(contractsSource)) this.addWatchFile(dependency);
    const routes = module.apiRoutes.map(({ method, path: routePath, access }) => ({ method, path: routePath, access }));
    return `export const apiRoutes = ${JSON.stringify(routes)};\n`;
  },
};

/** React (its scheduler or react-dom) reaching for `window` once a test file's jsdom is gone. */
function isRenderAfterTeardown(error: { name?: string; message?: string; stack?: string; stacks?: readonly { file: string }[] }): boolean {
  if (error.name !== 'ReferenceError' || error.message !== 'window is not defined') return false;
  // The parsed frames where the runner kept them, and the raw stack text in any case.
  const frames = [...(error.stacks?.map((frame) => frame.file) ?? []), error.stack ?? ''].join('\n');
  return /node_modules\/(react-dom|scheduler)\//.test(frames);
}

// The console imports `contracts` from its TypeScript source: one route table, one set of schemas.
// Prefer deep imports (`@portal/contracts/reference/reference-lists`) over the index.
export default defineConfig({
  plugins: [react(), buildVersion, browserRouteTable],
  resolve: {
    alias: [
      { find: /^@portal\/contracts$/, replacement: path.join(contractsSource, 'index.ts') },
      { find: /^@portal\/contracts\/(?!browser-route-table$)(.+)$/, replacement: `${contractsSource}/$1` },
    ],
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    manifest: true,
    chunkSizeWarningLimit: 1500,
    rolldownOptions: {
      treeshake: {
        // The contracts' modules only declare constants, schemas and functions (contracts has no
        // package.json `sideEffects` field to say so): what the console does not use is dropped,
        // even through the index (`import { X } from '@portal/contracts'`). Other modules: the
        // default (their package.json `sideEffects`).
        moduleSideEffects: (id) => (id.startsWith(contractsSource) ? false : undefined),
      },
    },
  },
  define: { __BUILD_VERSION__: JSON.stringify(version) },
  server: { proxy: { '/api': 'http://localhost:3000', '/health': 'http://localhost:3000', '/socket.io': { target: 'ws://localhost:3000', ws: true } } },
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx'],
    setupFiles: ['src/test-setup.ts'],
    // Vitest's default leaves one of CI's two cores idle (one worker); jsdom rendering antd is CPU
    // work, so two workers finish the suite in about two thirds of the time (317 s → 217 s here).
    maxWorkers: 2,
    // Two files rendering at once stretch a test's time by about half: the budget follows.
    testTimeout: 30_000,
    // Only React's render of a file's leftover update (an antd static popup's timer) after that
    // file's jsdom was torn down, when every test of the file has already passed: it cannot change
    // an outcome. The setup unmounts each test's trees and closes the popups inside `act`
    // (src/test-setup.ts); this keeps a late one on a busy CI machine from failing the run.
    // Every other error after a file, and this one anywhere else, still fails it.
    onUnhandledError: (error) => !isRenderAfterTeardown(error),
  },
});
