export interface ChunkSize {
  /** the chunk's path inside the build, e.g. assets/index-abc123.js */
  readonly file: string;
  readonly raw: number;
  readonly gzip: number;
  readonly brotli: number;
}

export interface Sizes {
  readonly raw: number;
  readonly gzip: number;
  readonly brotli: number;
}

export interface RouteReport {
  /** the page slice, as `src/pages/<slice>/index.ts` and `import('#pages/<slice>')` name it */
  readonly slice: string;
  /** largest (brotli) first */
  readonly rows: readonly ChunkSize[];
  readonly total: Sizes;
  /** the JS files the route loads before it draws (its rows): a request each */
  readonly requests: number;
}

/** The name the benchmark reads. */
export type LoginRouteReport = RouteReport;

export interface Budgets {
  readonly slackPercent?: number;
  /** the JS files any route may load before it draws */
  readonly maxRequests?: number;
  readonly routes?: Readonly<
    Record<string, { readonly brotli?: number; readonly gzip?: number; readonly requests?: number }>
  >;
}

export interface Build {
  readonly manifest: Readonly<Record<string, { file: string; imports?: string[] }>>;
  readonly sizeOf: (file: string) => ChunkSize;
}

export const ROUTES_FILE: string;
export const BUDGETS_FILE: string;
/** The page slices routes.tsx registers, each once, in order. */
export function registeredPages(source: string): string[];
export function readBuild(dist: string): Build;
/** The chunks a page's route loads before it can draw: entry, page, static imports, English. */
export function routeReport(build: Build, slice: string): RouteReport;
export function routeReports(dist: string, routesSource?: string): RouteReport[];
/** The chunks the login route loads before it can draw, from a Vite build with a manifest. */
export function loginRouteReport(dist: string): RouteReport;
/** One sentence per route over (or without) its budget, and per budget of no route. */
export function budgetOverruns(reports: readonly RouteReport[], budgets: Budgets): string[];
export function budgetsFor(
  reports: readonly RouteReport[],
  slackPercent: number,
  maxRequests?: number,
): Required<Budgets> & { $comment: string };
/** The JS files any route may load before it draws, unless web/budgets.json says otherwise. */
export const MAX_REQUESTS: number;
