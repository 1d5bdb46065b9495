/**
 * IPO offerings (SPEC.md "IPO subscription display"): display only.
 *
 * - `createIpoListModel({ status, pageSize })`: one list of the offerings in a stage, created at
 *   module level. Mount `model.Gate` with `useGate` where it shows (the first opening loads the
 *   first page), read `$view` ('loading' | 'error' | 'empty' | 'list') and `$offerings`; the IPO
 *   screen also pages with `loadNextPageFx`/`$hasMore`. A preview of N offerings is a model of
 *   `pageSize: N` that never calls `loadNextPageFx`. It reloads by itself in another language.
 * - `IpoCard`: one offering as a tappable card that opens its detail (`ipoDetailHref(id)`).
 * - `IpoStatusTag`, `IPO_STATUS_LABEL_KEYS` (i18n keys of the four stage names), and
 *   `IPO_STAGE_ORDER` (the stages in order, as the IPO screen's tabs).
 *
 * @example the home page's preview
 *   const upcoming = createIpoListModel({ status: 'subscribing', pageSize: 3 });
 *   // in the component
 *   useGate(upcoming.Gate);
 *   const { view, offerings } = useUnit({ view: upcoming.$view, offerings: upcoming.$offerings });
 *   offerings.map((offering) => <IpoCard key={offering.id} offering={offering} />);
 */
export {
  createIpoListModel,
  type IpoListModel,
  type IpoListOptions,
  type IpoListView,
} from './model/offerings.ts';
export {
  IPO_STAGE_ORDER,
  IPO_STATUS_LABEL_KEYS,
  ipoDetailHref,
  ipoListHref,
  IPO_TAB_QUERY,
  ipoStages,
  nextIpoStage,
  stageProgress,
  type IpoOffering,
  type IpoStage,
  type IpoStatus,
} from './lib/stages.ts';
export { IpoCard, type IpoCardProps } from './ui/ipo-card.tsx';
export { IpoIcon } from './ui/ipo-icon.tsx';
export { IpoStatusTag } from './ui/ipo-status-tag.tsx';
export { changeTone, formatIpoChange, formatIpoPrice, NO_VALUE } from './ui/numbers.ts';
