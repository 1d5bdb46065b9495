/** One page of a list, as every list call answers (`page` counts from 1). */
export interface Page<T> {
  list: T[];
  total: number;
  page: number;
  limit: number;
}

/** The `page`-th page of `limit` rows of `all` (already in the order the call lists them). */
export const pageOf = <T>(all: readonly T[], page: number, limit: number): Page<T> => ({
  list: all.slice((page - 1) * limit, page * limit),
  total: all.length,
  page,
  limit,
});
