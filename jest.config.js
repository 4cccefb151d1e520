// Native ESM jest: TypeScript is stripped by swc, modules stay ESM (run with --experimental-vm-modules).
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
};
