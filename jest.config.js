// Native ESM jest: TypeScript is stripped by swc, modules stay ESM (run with --experimental-vm-modules).

// Coverage is measured, and held to the threshold, when the whole suite runs (`npm run test:jest` with no
// file or test filter). A run of chosen files or tests would miss the threshold by design, so it measures
// nothing unless asked with --coverage.
const FILTER_FLAGS =
  /^-[to]$|^--(testNamePattern|testPathPatterns?|onlyChanged|findRelatedTests|changedSince)\b/;
const args = process.argv.slice(2);
const filtered = args.some(
  (arg, i) => FILTER_FLAGS.test(arg) || (!arg.startsWith('-') && !/^(-c|--config)$/.test(args[i - 1] ?? '')),
);

export default {
  testEnvironment: 'node',
  extensionsToTreatAsEsm: ['.ts'],
  transform: {
    '^.+\\.ts$': [
      '@swc/jest',
      {
        jsc: {
          parser: { syntax: 'typescript' },
          target: 'es2022',
          experimental: { keepImportAttributes: true },
        },
        module: { type: 'es6' },
      },
    ],
  },
  testMatch: ['<rootDir>/tests/**/*.test.ts', '<rootDir>/shared/**/*.test.ts'],
  globalSetup: '<rootDir>/tests/global-setup.js',
  setupFiles: ['<rootDir>/tests/setup-env.js'],
  testTimeout: 30000,
  collectCoverage: !filtered,
  // V8's own counters: no instrumentation pass, and exact for native ESM.
  coverageProvider: 'v8',
  collectCoverageFrom: ['{functions,shared,infra}/**/*.ts', '!**/*.test.ts'],
  coverageReporters: ['text-summary', 'json-summary'],
};
