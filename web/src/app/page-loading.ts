/** SPEC.md §2: a page's code that has not arrived after 60 s is a loading error. */
export const PAGE_LOAD_TIMEOUT_MS = 60_000;

export class PageLoadTimeout extends Error {
  constructor() {
    super('The page took too long to load');
    this.name = 'PageLoadTimeout';
  }
}

/** A page module, or a PageLoadTimeout when it does not come in time. */
export function loadPage<T>(load: () => Promise<T>, timeoutMs = PAGE_LOAD_TIMEOUT_MS): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      reject(new PageLoadTimeout());
    }, timeoutMs);
  });
  return Promise.race([load(), timeout]).finally(() => {
    clearTimeout(timer);
  });
}
