/** One jest run for every package; sources are transpiled (tsc -b has already type-checked them). */
module.exports = {
  testEnvironment: 'node',
  roots: ['<rootDir>/contracts/src', '<rootDir>/projections/src', '<rootDir>/services/src', '<rootDir>/test'],
  testMatch: ['**/*.spec.ts', '**/*.e2e.ts'],
  testPathIgnorePatterns: ['/node_modules/', '/dist/'],
  transform: { '^.+\\.ts$': ['ts-jest', { tsconfig: '<rootDir>/tsconfig.jest.json' }] },
  moduleNameMapper: { '^@portal/(contracts|projections)$': '<rootDir>/$1/src' },
  globalSetup: '<rootDir>/test/support/global-setup.ts',
  globalTeardown: '<rootDir>/test/support/global-teardown.ts',
  testTimeout: 60000,
  maxWorkers: 2,
};
