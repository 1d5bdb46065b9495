// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import effector from 'eslint-plugin-effector';
import prettier from 'eslint-config-prettier';
import { readdirSync } from 'node:fs';

/**
 * Where the mock's engine ends (mock-server/src/engine): it is the exchange, not a server, so a
 * test, a script or another transport can drive it. It imports no web server or socket library
 * and none of the mock's wire layers; from the protocol it takes types only, the domain's
 * published vocabulary (a ticker, a candle, a language), so nothing is defined twice. Reply codes,
 * schemas, the envelope and wire config belong to routes/ and plugins/, which map the engine's
 * own errors (engine/errors.ts) onto the wire. That holds for every entry of the package
 * (`@bourse/protocol/envelope`, `/schemas`, `/config`, `/endpoints/<domain>`…), not only its root,
 * with one exception: `@bourse/protocol/wallet-address`, the TRC20 and ERC20 address encodings,
 * checksums and transaction-hash shapes. Those are the networks' rules, not the wire's: the engine
 * makes deposit addresses and checks payout addresses and deposit hashes with the very code the
 * web pages check them with. Likewise `@bourse/protocol/identity-rules`: the review's birth-date
 * rule (a past date, an adult age), which the identity page checks with the same code.
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
const TYPES_ONLY =
  'The engine takes only types from the protocol (`import type`), from its root and every subpath; codes, schemas and config are the routes’ (pass a value in as an option).';
const engineBoundary = [
  {
    files: ['mock-server/src/engine/**/*.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [{ name: '@bourse/protocol', allowTypeImports: true, message: TYPES_ONLY }],
          patterns: [
            ...engineLayers,
            {
              regex: '^@bourse/protocol/(?!wallet-address$|identity-rules$)',
              allowTypeImports: true,
              message: TYPES_ONLY,
            },
          ],
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
// ---- Which way imports point ----------------------------------------------------------------
// These rules read the import string alone. In web/src another slice is reachable only through
// its `#layer/slice` alias (package.json `imports` maps each to the slice's index.ts), and a
// relative path that climbs out of its slice is refused, so the string names the layer it
// reaches. Other workspaces are reached only by package name (their `exports`). That makes
// no-restricted-imports exact without resolving a file, so eslint-plugin-boundaries (which
// resolves every import, and needs a TypeScript resolver for `#` imports) would add two
// dependencies and a resolver pass for nothing these strings do not already say.

/** Folders of the workspaces, as a relative path that left its own would name them. */
const INTO_ANOTHER_WORKSPACE = {
  regex: String.raw`^(\.\./)+(web|mock-server|fixtures|scripts|contracts|protocol|pact)/`,
  message: 'Use another workspace through its package name and exports, not a relative path.',
};

/** The web's slices through its package `exports`, as its aliases reach them: the index only. */
const INTO_A_WEB_SLICE = {
  regex: String.raw`^@bourse/web/((entities|features|pages)/[^/]+|shared/[^/]+/[^/]+)/`,
  message:
    'Import a web slice through its public index (@bourse/web/pages/quotes), not its insides.',
};

/** The web app and the mock exchange stand apart: only the wire connects them. */
const MOCK_SERVER_FROM_WEB = {
  regex: '^@bourse/mock-server(/|$)',
  message: 'The web app never imports the mock server.',
};
/** Named, so that another config object for mock-server files can keep it (see below). */
const WEB_FROM_MOCK_SERVER = {
  regex: '^@bourse/web(/|$)',
  message: 'The mock server never imports the web app.',
};

/**
 * The layers above each layer of web/src, which it may not import: app → pages → features →
 * entities → shared.
 */
const LAYERS_ABOVE = {
  app: [],
  pages: [],
  features: ['pages'],
  entities: ['features', 'pages'],
  shared: ['entities', 'features', 'pages'],
};

/**
 * Same-layer imports: a slice never imports another slice of its own layer (Feature-Sliced
 * Design's rule). What two pages or two features share goes down a layer. Entities alone may
 * cross, because business entities refer to each other (a position's figures need the market's
 * live price): entity A offers entity B an API of its own, `#entities/A/@x/B` (the folder
 * `@x/B/index.ts` in A), which only code in entities/B may import.
 */
const SAME_LAYER = {
  pages: 'A page imports no other page: what two screens share goes down a layer.',
  features: 'A feature imports no other feature: what two features share goes down a layer.',
  entities:
    'An entity imports no other entity, except through the cross-import API that entity keeps for it (`#entities/<other>/@x/<this entity>`); what two entities share goes down to shared.',
};

/** The slices of a layer of web/src, one per folder. */
const slicesOf = (layer) =>
  readdirSync(new URL(`./web/src/${layer}/`, import.meta.url), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);

/**
 * Deep imports: a slice is imported through its public index (`#entities/market`), never a file
 * or folder inside it, which package.json `imports` would otherwise resolve. Two entries beside
 * the index are public: `testing` (test helpers, for tests only: see below) and, for entities,
 * `@x/<entity>` (checked by the same-layer rule). Shared has no slices: each segment has an index
 * (`#shared/ui`), and a folder with an index inside a segment is an entry of its own
 * (`#shared/ui/toast`), so that what only some screens use stays out of the first chunk; nothing
 * deeper.
 */
const deepImports = (layer) => [
  {
    regex: String.raw`^#(entities|features|pages)/[^/]+/(?!testing$${layer === 'entities' ? '|@x/[^/]+$' : ''})`,
    message:
      'Import a slice through its public index (#entities/market), never a file or folder inside it.',
  },
  {
    regex: String.raw`^#shared/[^/]+/[^/]+/`,
    message:
      'Import shared code through its segment (#shared/ui) or an entry of it (#shared/ui/toast).',
  },
];

/** How deep below its slice's folder a file may sit and still be checked for climbing out. */
const DEEPEST_FOLDER = 6;

/**
 * The same patterns for `import()`: no-restricted-imports reads static imports and re-exports
 * only. A selector's regex cannot hold a slash, hence \x2F.
 */
const dynamicImports = (patterns) =>
  patterns.map(({ regex, message }) => ({
    selector: `ImportExpression > Literal.source[value=/${regex.replaceAll('/', String.raw`\x2F`)}/]`,
    message,
  }));

/**
 * One config object per slice folder (web/src/app, web/src/<layer>/*, and each entity by name,
 * whose allowed cross-imports name it) and per depth below it: a file `depth` folders down may
 * climb `depth` times, never more. Flat config keeps only the last matching object's options for
 * a rule, hence one object with every pattern for each set of files.
 */
function webLayerRules() {
  const sliceFolders = Object.keys(LAYERS_ABOVE).flatMap((layer) =>
    layer === 'app'
      ? [{ layer, folder: 'web/src/app/' }]
      : layer === 'entities'
        ? slicesOf(layer).map((slice) => ({ layer, slice, folder: `web/src/${layer}/${slice}/` }))
        : [{ layer, folder: `web/src/${layer}/*/` }],
  );
  return sliceFolders.flatMap(({ layer, slice, folder }) =>
    Array.from({ length: DEEPEST_FOLDER + 1 }, (_, depth) => {
      // The deepest object also takes every file further down (`**` matches zero folders too).
      const below = '*/'.repeat(depth) + (depth === DEEPEST_FOLDER ? '**/' : '');
      const patterns = [
        MOCK_SERVER_FROM_WEB,
        {
          regex: String.raw`^(\.\./){${String(depth)}}\.\.(/|$)`,
          message: `A relative import stays inside its slice: reach another through its alias (#shared/…, #entities/…).`,
        },
        ...deepImports(layer),
      ];
      const above = LAYERS_ABOVE[layer];
      if (above.length > 0) {
        patterns.push({
          regex: `^#(${above.join('|')})(/|$)`,
          message: `${layer} imports only the layers below it (app → pages → features → entities → shared).`,
        });
      }
      if (layer in SAME_LAYER) {
        patterns.push({
          regex:
            slice === undefined
              ? `^#${layer}(/|$)`
              : String.raw`^#entities(/(?![^/]+/@x/${slice}$)|$)`,
          message: SAME_LAYER[layer],
        });
      }
      return {
        files: [`${folder}${below}*.{ts,tsx}`],
        rules: {
          'no-restricted-imports': ['error', { patterns }],
          'no-restricted-syntax': ['error', ...dynamicImports(patterns)],
        },
      };
    }),
  );
}

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
    // typescript-eslint's copy of the rule, so that it adds to the layer rules instead of
    // replacing them (one rule keeps one set of options per file).
    files: ['web/src/**/*.ts', 'web/src/**/*.tsx'],
    ignores: ['**/*.test.ts', '**/*.test.tsx', 'web/src/**/testing/**'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        { patterns: [{ regex: '^#.+/testing$', message: 'Test helpers are for tests only.' }] },
      ],
    },
  },
  // Feature-Sliced layers: every import in web/src points down, never sideways (entities' `@x`
  // aside), stays in its slice unless it goes through an alias, and reaches another slice through
  // its public index.
  ...webLayerRules(),
  {
    // Playwright drives the app and sets up the mock through its QA client, nothing else of it.
    files: ['web/e2e/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            INTO_ANOTHER_WORKSPACE,
            {
              regex: '^@bourse/mock-server(?!/control-client$)',
              message:
                'End-to-end tests use the mock only through @bourse/mock-server/control-client.',
            },
          ],
        },
      ],
    },
  },
  {
    // A config object added later for part of mock-server that sets no-restricted-imports
    // replaces these options there: spread WEB_FROM_MOCK_SERVER into its patterns.
    files: ['mock-server/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [INTO_ANOTHER_WORKSPACE, WEB_FROM_MOCK_SERVER] },
      ],
    },
  },
  {
    // Scripts, contracts and fixtures use the other workspaces as any package user would, so a
    // change inside one cannot silently break another through a private path. The web's
    // `exports` mirror its aliases, and so does the rule on deep imports.
    files: ['scripts/**/*.{ts,tsx,mts}', 'contracts/**/*.ts', 'fixtures/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [INTO_ANOTHER_WORKSPACE, INTO_A_WEB_SLICE] }],
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
