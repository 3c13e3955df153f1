/**
 * One jest config for every package; sources are transpiled (tsc -b has already type-checked them).
 * Four projects: `tests` (every *.spec.ts and *.e2e.ts, two at a time), `alone`
 * (*.alone.e2e.ts: tests that measure latency, so must not share the 2 cores with other test
 * files) and `faults` (test/faults: several processes, killed workers, a restarted PostgreSQL
 * and Redis of their own; in band, each file starts processes enough to fill the machine).
 * `npm test` runs `tests` then `alone`; `npm run test:faults` runs `faults`; `npm run test:newcomer`
 * runs `newcomer` (test/smoke/newcomer.e2e.ts: a fresh clone on the README's commands).
 */
const shared = {
  rootDir: __dirname,
  testEnvironment: 'node',
  transform: { '^.+\\.ts$': ['ts-jest', { tsconfig: '<rootDir>/tsconfig.jest.json' }] },
  moduleNameMapper: { '^@portal/(contracts|projections)$': '<rootDir>/$1/src' },
};

module.exports = {
  testTimeout: 60000,
  maxWorkers: 2,
  projects: [
    {
      ...shared,
      displayName: 'tests',
      roots: ['<rootDir>/contracts/src', '<rootDir>/projections/src', '<rootDir>/services/src', '<rootDir>/test'],
      testMatch: ['**/*.spec.ts', '**/*.e2e.ts'],
      testPathIgnorePatterns: ['/node_modules/', '/dist/', '\\.alone\\.e2e\\.ts$', '<rootDir>/test/faults/', '<rootDir>/test/smoke/newcomer\\.e2e\\.ts$'],
      globalSetup: '<rootDir>/test/support/global-setup.ts',
      globalTeardown: '<rootDir>/test/support/global-teardown.ts',
      // Every status an e2e request gets must be one the OpenAPI document lists for its route.
      setupFilesAfterEnv: ['<rootDir>/test/support/answered-statuses.ts'],
    },
    {
      ...shared,
      displayName: 'faults',
      roots: ['<rootDir>/test/faults'],
      testMatch: ['**/*.e2e.ts'],
      testPathIgnorePatterns: ['/node_modules/', '/dist/'],
      globalSetup: '<rootDir>/test/support/global-setup.ts',
      globalTeardown: '<rootDir>/test/support/global-teardown.ts',
    },
    {
      ...shared,
      // A fresh clone on the README's commands and defaults: it installs, builds and seeds a whole portal on its own.
      displayName: 'newcomer',
      roots: ['<rootDir>/test/smoke'],
      testMatch: ['**/newcomer.e2e.ts'],
    },
    {
      ...shared,
      // The embedded database only: no PostgreSQL template or Redis to prepare.
      displayName: 'alone',
      roots: ['<rootDir>/test'],
      testMatch: ['**/*.alone.e2e.ts'],
      testPathIgnorePatterns: ['/node_modules/', '/dist/'],
    },
  ],
};
