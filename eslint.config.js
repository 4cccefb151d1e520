import js from '@eslint/js';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import tseslint from 'typescript-eslint';
import noCycle from './lint-rules/no-cycle.js';

/**
 * shared/'s folders, from the bottom layer up; one line is one layer. The contract's shapes, then storage,
 * the transport, the connectors, the manifest, the middlewares and endpoint(), the resources built on them
 * (accounts, watches), the OpenAPI document, and MCP, which reads them all.
 */
const SHARED_LAYERS = [
  ['schemas'],
  ['store'],
  ['upstream'],
  ['providers'],
  ['routes'],
  ['http'],
  ['accounts', 'watches'],
  ['openapi'],
  ['mcp'],
];
/** Files that belong to the bottom layer wherever they sit: the source tokens every layer names. */
const BOTTOM = { providers: ['./tokens.ts'] };

/** One import-x/no-restricted-paths zone per folder and each folder above its layer. */
function sharedZones() {
  return SHARED_LAYERS.flatMap((layer, i) =>
    layer.flatMap((folder) =>
      SHARED_LAYERS.slice(i + 1)
        .flat()
        .map((above) => ({
          target: `./shared/${folder}`,
          from: `./shared/${above}`,
          except: BOTTOM[above] ?? [],
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
  // The layers inside shared/, bottom first: a folder imports only the folders below it (type-only imports
  // included). The source tokens sit at the bottom whatever their folder.
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
          ],
        },
      ],
    },
  },
);
