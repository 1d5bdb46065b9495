import {
  createIpoListModel,
  IPO_STAGE_ORDER,
  type IpoListModel,
  type IpoStatus,
} from '#entities/ipo';

/** How many offerings one call brings. */
export const PAGE_SIZE = 20;

/** One list per tab, each loaded the first time its tab shows. */
export const IPO_LISTS = Object.fromEntries(
  IPO_STAGE_ORDER.map((status) => [status, createIpoListModel({ status, pageSize: PAGE_SIZE })]),
) as Readonly<Record<IpoStatus, IpoListModel>>;

/** The tab of a `tab` query value; the first stage when it names none. */
export const tabOf = (value: string | null): IpoStatus =>
  IPO_STAGE_ORDER.find((status) => status === value) ?? IPO_STAGE_ORDER[0] ?? 'subscribing';
