/** The paths of the pages the app has registered (app/routes.tsx declares them once, at start). */
const available = new Set<string>();

/** The app's route table declares its pages: links to the others are not shown. */
export function declareAvailablePaths(paths: Iterable<string>): void {
  for (const path of paths) available.add(path);
}

/**
 * Whether a page exists in this build: a screen shows a link to a later milestone's page (the
 * chart's "Trade contract") only once that page is registered, as the tab bar does.
 */
export const isPathAvailable = (path: string): boolean => available.has(path);
