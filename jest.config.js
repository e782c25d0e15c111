// Three test sizes, one runner: small specs next to the code (fakes only), integration tests against the
// real Neo4j the launcher starts, and e2e tests over HTTP / the CLI.
const tsJest = ['ts-jest', { tsconfig: 'tsconfig.test.json' }];
const common = { transform: { '^.+\\.ts$': tsJest }, testEnvironment: 'node', moduleFileExtensions: ['ts', 'js', 'json'] };

module.exports = {
  // Integration and e2e tests load models and talk to Neo4j (a per-project testTimeout is not honoured).
  testTimeout: 180000,
  // A handle some spec leaves open must not hang CI after the last result is written (the run is in band on
  // 2 cores); the leak itself is tracked with `--detectOpenHandles`.
  forceExit: true,
  projects: [
    { ...common, displayName: 'unit', testMatch: ['<rootDir>/src/**/*.spec.ts', '<rootDir>/scripts/**/*.spec.ts'] },
    {
      ...common,
      displayName: 'integration',
      testEnvironment: '<rootDir>/test/support/onnx-test-environment.js',
      testMatch: ['<rootDir>/test/integration/**/*.int-spec.ts'],
      globalSetup: '<rootDir>/test/support/global-setup.ts',
    },
    {
      ...common,
      displayName: 'e2e',
      testEnvironment: '<rootDir>/test/support/onnx-test-environment.js',
      testMatch: ['<rootDir>/test/e2e/**/*.e2e-spec.ts'],
      globalSetup: '<rootDir>/test/support/global-setup.ts',
    },
  ],
};
