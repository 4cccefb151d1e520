// Native ESM jest: TypeScript is stripped by swc, modules stay ESM (run with --experimental-vm-modules).
export default {
  testEnvironment: 'node',
  extensionsToTreatAsEsm: ['.ts'],
  transform: {
    '^.+\\.ts$': ['@swc/jest', { jsc: { parser: { syntax: 'typescript' }, target: 'es2022' }, module: { type: 'es6' } }],
  },
  testMatch: ['<rootDir>/tests/**/*.test.ts', '<rootDir>/shared/**/*.test.ts'],
  globalSetup: '<rootDir>/tests/global-setup.js',
  testTimeout: 30000,
};
