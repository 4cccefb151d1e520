import js from '@eslint/js';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import tseslint from 'typescript-eslint';

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
  // No import cycles: a cycle makes module order matter and drags a whole ring into every bundle.
  {
    files: ['**/*.ts'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts'] },
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.js'] })],
    },
    rules: { 'import-x/no-cycle': 'error' },
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
