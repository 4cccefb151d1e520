import js from '@eslint/js';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import tseslint from 'typescript-eslint';
import noCycle from './lint-rules/no-cycle.js';

/**
 * shared/'s folders and files, from the bottom layer up; one line is one layer. The words every layer uses
 * (the source tokens, errors, log, metrics, json, hash, dates: files directly in shared/, a new one named
 * here), the contract's shapes, then storage, the gazetteer and the health answer, the extraction toolkit
 * (tolerant reads, drift, conform, scans), the transport, the connectors, the manifest, the middlewares and
 * endpoint(), the resources built on them (accounts, watches), the OpenAPI document, and MCP, which reads
 * them all.
 */
const SHARED_LAYERS = [
  [
    'tokens.ts',
    'errors.ts',
    'problem.ts',
    'log.ts',
    'metrics.ts',
    'json.ts',
    'hash.ts',
    'dates.ts',
    'memory-budget.ts',
    'version.ts',
  ],
  ['schemas'],
  ['store', 'geo', 'health.ts'],
  ['extraction'],
  ['upstream'],
  ['providers'],
  ['routes'],
  ['http'],
  ['accounts', 'watches'],
  ['openapi'],
  ['mcp'],
];

/** One import-x/no-restricted-paths zone per folder (or file) and each folder or file above its layer. */
function sharedZones() {
  return SHARED_LAYERS.flatMap((layer, i) =>
    layer.flatMap((folder) =>
      SHARED_LAYERS.slice(i + 1)
        .flat()
        .map((above) => ({
          target: `./shared/${folder}`,
          from: `./shared/${above}`,
          message: `shared/${folder} sits below shared/${above} (eslint.config.js, SHARED_LAYERS): move what both need down a layer.`,
        })),
    ),
  );
}

export default tseslint.config(
  { ignores: ['node_modules/', 'cdk.out/', 'coverage/', 'tests/bench/out/', 'tmp/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { process: 'readonly', console: 'readonly', URL: 'readonly' } },
    rules: {
      'no-console': ['error', { allow: ['error', 'warn'] }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['infra/local/**', 'infra/keys.ts', 'tests/**', 'shared/geo/build.ts'],
    rules: { 'no-console': 'off' },
  },
  // No import cycle of any kind (type-only and dynamic included): a cycle makes module order matter, drags a
  // whole ring into every bundle, and leaves no layer owning the shapes both sides share.
  {
    files: ['**/*.ts'],
    plugins: { 'import-x': importX, local: { rules: { 'no-cycle': noCycle } } },
    settings: {
      'import-x/extensions': ['.ts', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts'] },
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.js'] })],
    },
    rules: { 'local/no-cycle': 'error' },
  },
  // A refinement claims a route's code through coded() or codedTransform() (shared/schemas/params.ts), which
  // declare it where the walk of the route's schemas finds it (tests/http/error-codes.test.ts); a code added
  // inside a rule's body is seen by nothing until a request meets it.
  {
    files: ['shared/**/*.ts', 'functions/**/*.ts'],
    ignores: ['shared/schemas/params.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector:
            "CallExpression[callee.property.name='addIssue'] > ObjectExpression > Property[key.name='params']",
          message:
            "Claim the code with coded() or codedTransform() (shared/schemas/params.ts): the route's codes are checked from there.",
        },
      ],
    },
  },
  // The layers inside shared/, bottom first: a folder imports only the folders below it (type-only imports
  // included).
  {
    files: ['shared/**/*.ts'],
    rules: { 'import-x/no-restricted-paths': ['error', { zones: sharedZones() }] },
  },
  // The layers: shared/ is the bottom (a value import of a handler or of infra would bundle it into every
  // function); functions/ build on shared/ only; infra/ (stack, local server, sandbox) may import both.
  {
    files: ['shared/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(\\.\\./)+(infra|functions|web)/',
              message:
                'shared/ imports neither infra/, functions/ nor web/: move what both need into shared/.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['functions/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(\\.\\./)+infra/',
              message: 'functions/ do not import infra/: what a handler needs lives in shared/.',
            },
            {
              // A connector's other modules stay behind its index.ts. The modules named here are imported
              // directly on purpose: through index.ts they would add the connector's readers to small
              // handlers' bundles (site_a's url-to-id +1.8 KB, photos +5.5 KB; rental's extract-id +15 KB;
              // chain_b's hotel-url-to-id +7.8 KB). meta/ is a helper with no index.ts.
              regex:
                '^(\\.\\./)+shared/providers/(?!(?:rental/urls|site-a/(?:urls|search-url|stay-rooms|photos)|chain-b/urls|meta/platforms)\\.ts$)[^/]+/(?!index\\.ts$).+',
              message: "A handler imports a connector's index.ts only: export what it needs from there.",
            },
          ],
        },
      ],
    },
  },
);
