/**
 * One jest config for every package; sources are transpiled (tsc -b has already type-checked them).
 * Two projects: `tests` (every *.spec.ts and *.e2e.ts, two at a time) and `alone`
 * (*.alone.e2e.ts: tests that measure latency, so must not share the 2 cores with other test
 * files). `npm test` runs them one after the other: `--selectProjects tests`, then `alone` in band.
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
      testPathIgnorePatterns: ['/node_modules/', '/dist/', '\\.alone\\.e2e\\.ts$'],
      globalSetup: '<rootDir>/test/support/global-setup.ts',
      globalTeardown: '<rootDir>/test/support/global-teardown.ts',
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
