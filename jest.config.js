// Native ESM jest: TypeScript is stripped by swc, modules stay ESM (run with --experimental-vm-modules).

// Coverage is measured, and held to the threshold, when the whole suite runs (`npm run test:jest` with no
// file, test or tier filter). A run of chosen files, tests or tiers would miss the threshold by design, so it
// measures nothing unless asked with --coverage.
const FILTER_FLAGS =
  /^-[to]$|^--(testNamePattern|testPathPatterns?|onlyChanged|findRelatedTests|changedSince|selectProjects|ignoreProjects)\b/;
// Options whose value is the next argument, which is then no test path.
const TAKES_VALUE = /^(-c|--config|-w|--maxWorkers|--outputFile|--shard|--seed|--testTimeout)$/;
const args = process.argv.slice(2);
const filtered = args.some(
  (arg, i) => FILTER_FLAGS.test(arg) || (!arg.startsWith('-') && !TAKES_VALUE.test(args[i - 1] ?? '')),
);

// The matrices run their cases before their tests (tests/helpers/matrix.ts), only those `-t` names: the
// pattern goes to them in the environment, which jest's workers inherit.
const nameAt = args.findIndex((arg) => arg === '-t' || arg === '--testNamePattern');
const namePattern =
  nameAt >= 0
    ? args[nameAt + 1]
    : args.find((arg) => arg.startsWith('--testNamePattern='))?.slice('--testNamePattern='.length);
if (namePattern !== undefined) process.env.TEST_NAME_PATTERN = namePattern;

// `npx jest <file>` starts jest without the flag its ESM tests need: the flag goes to the workers through
// NODE_OPTIONS, and a memory limit makes jest run even one file in a worker (`npm run test:jest` runs jest
// with the flag, and one file in its own process).
const vmModules = process.execArgv.includes('--experimental-vm-modules');
if (!vmModules && !/--experimental-vm-modules/.test(process.env.NODE_OPTIONS ?? ''))
  process.env.NODE_OPTIONS = [
    process.env.NODE_OPTIONS,
    '--experimental-vm-modules',
    '--disable-warning=ExperimentalWarning',
  ]
    .filter(Boolean)
    .join(' ');

/**
 * The tiers, each a jest project (`npm run test:unit`, `test:http`, `test:slow`; `npm test` runs them all):
 * unit needs no server, http starts the local server, the sandbox or a child process, slow is what takes
 * minutes (synthesized stacks, bundles, browsers, the matrices). Every test file is in exactly one
 * (tests/lint/tiers.test.ts): a new folder or a new slow file is placed here.
 */
const UNIT = ['shared', 'tests/extraction', 'tests/upstream', 'tests/lint'];
const SLOW = [
  'tests/fuzz',
  'tests/browser',
  'tests/clients',
  'tests/infra/stack.test.ts',
  'tests/infra/sam-local.test.ts',
  'tests/infra/bundle-size.test.ts',
  'tests/infra/live-profile.test.ts',
  'tests/upstream/error-words.test.ts',
];
/** A folder's test files, or the file itself. */
const files = (path) => `<rootDir>/${path.endsWith('.test.ts') ? path : `${path}/**/*.test.ts`}`;
/** What `files` matches, as a testPathIgnorePatterns expression. */
const pattern = (path) => `<rootDir>/${path.replace(/\./g, '\\.')}${path.endsWith('.test.ts') ? '$' : '/'}`;
export const TIERS = {
  unit: { testMatch: UNIT.map(files), testPathIgnorePatterns: SLOW.map(pattern) },
  http: { testMatch: [files('tests')], testPathIgnorePatterns: [...UNIT, ...SLOW].map(pattern) },
  slow: { testMatch: SLOW.map(files) },
};

const project = {
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
  globalSetup: '<rootDir>/tests/global-setup.js',
  setupFiles: ['<rootDir>/tests/setup-env.js'],
};

export default {
  projects: Object.entries(TIERS).map(([displayName, tier]) => ({ ...project, displayName, ...tier })),
  testTimeout: 30000,
  // Both cores: most test files wait on servers, child processes and timers more than they compute, and
  // jest's default on 2 cores is 1 worker.
  maxWorkers: 2,
  ...(vmModules ? {} : { workerIdleMemoryLimit: '2GB' }),
  collectCoverage: !filtered,
  // istanbul instrumentation (jest's default) of swc's output: measured here at about a tenth of the run's
  // time, where V8's coverage added about a third (its collection after each file of the many modules an
  // HTTP test loads).
  coverageProvider: 'babel',
  collectCoverageFrom: ['{functions,shared,infra}/**/*.ts', '!**/*.test.ts'],
  coverageReporters: ['text-summary', 'json-summary'],
  // The level measured when it was set, rounded down: raise it as coverage rises, never lower it.
  coverageThreshold: { global: { statements: 93.5, branches: 87, functions: 95.5, lines: 94.8 } },
};
