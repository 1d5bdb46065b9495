// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import effector from 'eslint-plugin-effector';
import prettier from 'eslint-config-prettier';

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/.tsbuild/**',
      'contracts/pact/pacts/**',
      '**/*.config.js',
      '.data/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.strictTypeChecked,
  {
    languageOptions: {
      parserOptions: {
        projectService: { allowDefaultProject: ['vitest.config.ts'] },
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/restrict-template-expressions': ['error', { allowNumber: true }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      // Flags instances from a second copy of a class's typings (ws through @fastify/websocket).
      '@typescript-eslint/no-unsafe-class-instance-assignment': 'off',
    },
  },
  {
    // The mock's state is plain JSON records (one snapshot file), so entries are deleted by key.
    files: ['mock-server/src/engine/**/*.ts'],
    rules: { '@typescript-eslint/no-dynamic-delete': 'off' },
  },
  {
    files: ['web/**/*.ts', 'web/**/*.tsx'],
    ...effector.flatConfigs.recommended,
  },
  {
    files: ['web/**/*.ts', 'web/**/*.tsx'],
    ...effector.flatConfigs.scope,
  },
  {
    // The web's test helpers (`#shared/api/testing` and the like) stay out of the app's bundle.
    files: ['web/src/**/*.ts', 'web/src/**/*.tsx'],
    ignores: ['**/*.test.ts', '**/*.test.tsx', 'web/src/**/testing/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ regex: '^#.+/testing$', message: 'Test helpers are for tests only.' }] },
      ],
    },
  },
  {
    files: ['**/*.test.ts', '**/test/**/*.ts', 'contracts/pact/**/*.ts'],
    rules: {
      '@typescript-eslint/no-non-null-assertion': 'off',
    },
  },
  {
    // Plain Node scripts that run before anything is type-checked.
    files: ['**/*.mjs'],
    ...tseslint.configs.disableTypeChecked,
    languageOptions: {
      parserOptions: { projectService: false },
      globals: { process: 'readonly', console: 'readonly' },
    },
  },
  prettier,
);
