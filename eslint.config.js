// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import effector from 'eslint-plugin-effector';
import prettier from 'eslint-config-prettier';

/**
 * Where the mock's engine ends (mock-server/src/engine): it is the exchange, not a server, so a
 * test, a script or another transport can drive it. It imports no web server or socket library
 * and none of the mock's wire layers; from the protocol it takes types only, the domain's
 * published vocabulary (a ticker, a candle, a language), so nothing is defined twice. Reply codes,
 * schemas, the envelope and wire config belong to routes/ and plugins/, which map the engine's
 * own errors (engine/errors.ts) onto the wire.
 */
const engineLayers = [
  {
    group: ['fastify', 'fastify-*', '@fastify/*', 'ws'],
    message: 'The engine is pure TypeScript: serving it is the routes’ and the gateway’s job.',
  },
  {
    regex: '^(\\.\\./)+(plugins|routes|ws|control|app|server)(/|\\.ts$|$)',
    message: 'The engine does not know the layers that serve it.',
  },
];
const engineBoundary = [
  {
    files: ['mock-server/src/engine/**/*.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@bourse/protocol',
              allowTypeImports: true,
              message:
                'The engine takes only types from the protocol (`import type`); codes, schemas and config are the routes’ (pass a value in as an option).',
            },
          ],
          patterns: engineLayers,
        },
      ],
    },
  },
  {
    // Engine tests may check its output against the wire's schemas and lists; they never ship.
    files: ['mock-server/src/engine/**/*.test.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': ['error', { patterns: engineLayers }],
    },
  },
];

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
  ...engineBoundary,
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
