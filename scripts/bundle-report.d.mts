export interface ChunkSize {
  /** the chunk's path inside the build, e.g. assets/index-abc123.js */
  readonly file: string;
  readonly raw: number;
  readonly gzip: number;
}

export interface LoginRouteReport {
  /** largest gzipped first */
  readonly rows: readonly ChunkSize[];
  readonly total: { readonly raw: number; readonly gzip: number };
}

/** The chunks the login route loads before it can draw, from a Vite build with a manifest. */
export function loginRouteReport(dist: string): LoginRouteReport;
