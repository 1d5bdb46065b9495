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
        projectService: true,
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/restrict-template-expressions': ['error', { allowNumber: true }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
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
    files: ['**/*.test.ts', '**/test/**/*.ts', 'contracts/pact/**/*.ts'],
    rules: {
      '@typescript-eslint/no-non-null-assertion': 'off',
    },
  },
  prettier,
);
