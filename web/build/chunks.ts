import type { Rolldown } from 'vite';

type CodeSplitting = Exclude<NonNullable<Rolldown.OutputOptions['codeSplitting']>, boolean>;
type Group = NonNullable<CodeSplitting['groups']>[number];

/**
 * How the build cuts the app into files, chosen for a phone's first load rather than left to the
 * bundler. On a slow network each file a route learns of costs a round trip, so a route should
 * need few files; but a file is loaded whole, so a group must not carry much that its routes do
 * not draw. Left alone, Rolldown made a chunk per set of pages sharing a module: a route loaded
 * 23–60 files, most of them under 1 KB, and the entry alone was 19.
 *
 * The entry's side (`framework`, `shell`) is what every route runs before it draws. The page side
 * (`PAGE_GROUPS`) gathers what screens draw together; a module no group names is left to the
 * bundler (a page's own code stays in its page's chunk). Each route's bytes and files are held to
 * `web/budgets.json` (`npm run check:budgets`), which says when this plan no longer fits. The
 * build also fails when a page loads a group naming texts the page does not declare
 * (`web/build/texts.ts`), so a group that mixes two screens' texts shows at once.
 */

/** The libraries every screen runs: React, the router, Effector, i18next, zod and their helpers. */
const FRAMEWORK = new RegExp(
  `/node_modules/(${[
    'react',
    'react-dom',
    'scheduler',
    'react-router',
    'react-router-dom',
    'cookie',
    'set-cookie-parser',
    'effector',
    'effector-react',
    'effector-storage',
    'patronum',
    'use-sync-external-store',
    'i18next',
    'react-i18next',
    'i18next-resources-to-backend',
    'zod',
    'tslib',
    'classnames',
    'rc-util',
    '@babel/runtime',
  ].join('|')})/`,
);

/** A module's id with `/` between folders on every system. */
const slashed = (id: string): string => id.replaceAll('\\', '/');

/** A texts module (`virtual:texts/<language>/<namespace>`): each keeps its own file. */
const isTextModule = (id: string): boolean => id.startsWith('\0virtual:texts/');

/**
 * What the app's shell draws and runs on every route, with the antd-mobile parts it uses.
 * `$initial` (what the entry imports) is judged on imports, not on what is used: a slice's index
 * names all of its ui, and the shell takes slices' models through their index. So the slices' ui
 * and lib segments (which vite.config.ts's tree-shaking treats as pure), the number formats and
 * the logo are left out, and the group does not follow imports (`includeDependenciesRecursively`)
 * or it would take them back. What the shell does draw of them still loads with it: the bundler
 * puts what only the entry uses in the entry's chunk.
 */
export function isShellModule(id: string): boolean {
  const path = slashed(id);
  return (
    !isTextModule(id) &&
    (!path.includes('/node_modules/') || path.includes('/node_modules/antd-mobile/')) &&
    !/\/src\/(entities|features|widgets|pages)\/.+\/(ui|lib)\//.test(path) &&
    !/\/src\/shared\/(format|ui\/logo)\//.test(path)
  );
}

/**
 * A page-side group: the modules whose path contains one of `paths` (a folder ends with `/`),
 * less those containing one of `except`.
 */
export interface PageGroup {
  readonly name: string;
  readonly paths: readonly string[];
  readonly except?: readonly string[];
}

/** The page-side groups; the first that names a module takes it. */
export const PAGE_GROUPS: readonly PageGroup[] = [
  // react-spring and lodash's throttle, for antd-mobile's animated parts (popups, collapses, pull
  // to refresh): 18 KB that the screens drawing them need and the others must not load. Rows of
  // tabs are #shared/ui/tabs, which animates by CSS: no first screen loads this
  {
    name: 'motion',
    paths: [
      'node_modules/@react-spring/',
      'node_modules/lodash/',
      'node_modules/ahooks/es/useThrottleFn/',
      'node_modules/antd-mobile/es/utils/reduce-and-restore-motion.js',
    ],
  },
  // what nearly every screen draws: antd-mobile's and ahooks' small helpers, the input, skeleton
  // and tag, the empty and error states, the tabs, paged lists, links, the logo. Alone they were some
  // twenty files, most under 0.5 KB
  {
    name: 'kit',
    paths: [
      'node_modules/antd-mobile/es/utils/',
      'node_modules/antd-mobile/es/components/skeleton/',
      'node_modules/antd-mobile/es/components/tag/',
      'node_modules/antd-mobile/es/components/input/',
      'node_modules/antd-mobile/es/components/error-block/images/empty.js',
      'node_modules/antd-mobile-icons/es/CloseCircleFill.js',
      'node_modules/ahooks/es/utils/',
      'node_modules/ahooks/es/useMemoizedFn/',
      'node_modules/ahooks/es/useUpdate/',
      'node_modules/ahooks/es/useLatest/',
      'node_modules/ahooks/es/useUnmount/',
      'node_modules/ahooks/es/useIsomorphicLayoutEffect/',
      'node_modules/ahooks/es/createUpdateEffect/',
      'node_modules/ahooks/es/useTimeout/',
      'node_modules/react-is/',
      'src/shared/ui/states/',
      'src/shared/ui/tabs/',
      'src/shared/ui/account-mode/',
      'src/shared/ui/review-badge/',
      'src/shared/ui/logo/',
      'src/shared/api/list/',
      'src/shared/routing/links.ts',
      'src/shared/lib/text.ts',
      'src/entities/viewer/model/bind-rule.ts',
      'src/entities/viewer/index.ts',
      'src/entities/viewer/ui/viewer.module.css',
      'protocol/src/endpoints/domains.ts',
    ],
    // antd-mobile's helpers for its overlays (popup, mask, image viewer), which load by import()
    // when a sheet first opens: in the kit, every first screen would carry them
    except: [
      'node_modules/antd-mobile/es/utils/use-lock-scroll.js',
      'node_modules/antd-mobile/es/utils/use-touch.js',
      'node_modules/antd-mobile/es/utils/with-stop-propagation.js',
      'node_modules/antd-mobile/es/utils/use-inner-visible.js',
      'node_modules/antd-mobile/es/utils/render-to-container.js',
      'node_modules/antd-mobile/es/utils/get-container.js',
    ],
  },
  // decimal.js and the number formats: every screen with money or prices (25 of them)
  { name: 'numbers', paths: ['node_modules/decimal.js/', 'src/shared/format/'] },
  // form fields and their checks: the guests' forms and every form beyond a single input
  {
    name: 'forms',
    paths: [
      'node_modules/antd-mobile/es/components/form/',
      'src/shared/ui/form/',
      'src/shared/api/form/',
      'src/shared/lib/validation.ts',
      'src/shared/api/refusal.ts',
    ],
  },
  // the account's balances and flows: the funds, trading and records screens; with the contract
  // calls and the shapes of the options' and Coin Guess's pushes (not their calls), since the
  // feed's reader, which every signed-in start loads, reads them beside the account's: one file
  {
    name: 'funds',
    paths: [
      'protocol/src/endpoints/account.ts',
      'protocol/src/endpoints/contract.ts',
      'protocol/src/endpoints/options-schema.ts',
      'protocol/src/endpoints/digits-schema.ts',
      'protocol/src/tx-hash-shape.ts',
      'src/entities/balance/index.ts',
      'src/entities/balance/model/',
      'src/shared/api/intent/',
    ],
  },
  // pull to refresh, more on scroll and their gestures: the record lists
  {
    name: 'records',
    paths: [
      'node_modules/antd-mobile/es/components/infinite-scroll/',
      'node_modules/antd-mobile/es/components/pull-to-refresh/',
      'node_modules/@use-gesture/',
      'node_modules/ahooks/es/useLockFn/',
      'src/shared/ui/more/',
      'src/shared/ui/list/',
    ],
  },
  // the market's rows, prices and symbols: home, quotes, the charts, trade, options
  { name: 'market', paths: ['src/entities/market/'] },
  // the viewer's avatar and account link in the signed-in screens' headers (which declare the
  // viewer's and user's texts they name)
  {
    name: 'viewer',
    paths: ['src/entities/viewer/ui/viewer-avatar.tsx', 'src/entities/viewer/ui/account-link.tsx'],
  },
  // the rest of the viewer's marks: identity tag, binding notice, masked contacts (the account,
  // setup, binding and verification screens; they name the viewer's texts only)
  {
    name: 'identity',
    paths: [
      'src/entities/viewer/ui/identity-tag.tsx',
      'src/entities/viewer/ui/bind-rule-notice.tsx',
      'src/entities/viewer/lib/',
    ],
  },
  // the bottom sheets and the switch in them: the account, setup, trade and options screens
  {
    name: 'sheets',
    paths: ['src/shared/ui/sheet/', 'node_modules/antd-mobile/es/components/switch/'],
  },
  // an amount typed with the balance beside it: the trade, options, Coin Guess and funds forms
  {
    name: 'amounts',
    paths: [
      'src/entities/balance/ui/amount-field',
      'src/entities/balance/lib/amount.ts',
      'src/shared/typed-number/',
    ],
  },
  // the options' orders, figures, formulas and trend: the options screens and Coin Guess's board
  // (they name the options' texts, which the Coin Guess records do not declare)
  {
    name: 'options',
    paths: [
      'src/entities/option/',
      'formulas/src/options.ts',
      'src/features/option-chart/model/',
      'src/features/option-chart/index.ts',
    ],
    except: ['src/entities/option/model/server-clock.ts', 'src/entities/option/@x/'],
  },
  // the options' calls and the server's clock: every options and Coin Guess screen
  {
    name: 'option-calls',
    paths: [
      'protocol/src/endpoints/options.ts',
      'src/entities/option/model/server-clock.ts',
      'src/entities/option/@x/',
    ],
  },
  // Coin Guess's rounds, bets and calls: its board and its records
  {
    name: 'coin-guess',
    paths: [
      'src/entities/coin-guess/',
      'protocol/src/endpoints/digits.ts',
      'formulas/src/digits.ts',
    ],
  },
  // the notice bar and its icons: home's and sign-in's announcements
  {
    name: 'notice',
    paths: [
      'node_modules/antd-mobile/es/components/notice-bar/',
      'node_modules/antd-mobile-icons/es/SoundOutline.js',
      'node_modules/antd-mobile-icons/es/CloseOutline.js',
    ],
  },
  // the guests' sign-in form and its language picker (react-i18next's <Trans>, for texts with
  // links in them, stays apart: 4.5 KB that sign-in and registration draw and the reset does not)
  { name: 'auth', paths: ['src/features/auth-form/'] },
];

/** The page-side group of a module, or null to leave it to the bundler. */
export function pageGroupOf(id: string): string | null {
  if (isTextModule(id)) return null;
  const path = slashed(id);
  const group = PAGE_GROUPS.find(
    ({ paths, except = [] }) =>
      paths.some((part) => path.includes(part)) && !except.some((part) => path.includes(part)),
  );
  return group?.name ?? null;
}

/** The module facts a group's choice reads (a part of Rolldown's `ModuleInfo`). */
export interface ModuleFacts {
  readonly isEntry: boolean;
  readonly dynamicImporters: readonly string[];
}

/**
 * A module loaded by `import()` (a page, a sheet, the API client, a chart) or emitted as an entry
 * (a texts chunk) keeps a file of its own: the router, the preloads and the texts loader name it.
 */
export const isLoadedByItself = (info: ModuleFacts | null): boolean =>
  info === null || info.isEntry || info.dynamicImporters.length > 0;

/** `build.rolldownOptions.output.codeSplitting` of vite.config.ts. */
export const codeSplitting: CodeSplitting = {
  groups: [
    {
      name: 'framework',
      tags: ['$initial'],
      test: (id) => FRAMEWORK.test(slashed(id)),
      priority: 3,
    },
    {
      name: 'shell',
      tags: ['$initial'],
      test: isShellModule,
      includeDependenciesRecursively: false,
      priority: 2,
    },
    {
      debugName: 'page groups',
      name: (id, ctx) => (isLoadedByItself(ctx.getModuleInfo(id)) ? null : pageGroupOf(id)),
      // A group takes the modules it names, not what they import: `numbers` must not take the
      // market's rows because they format prices.
      includeDependenciesRecursively: false,
      priority: 1,
    },
  ] satisfies Group[],
};
