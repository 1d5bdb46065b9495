// The contract history (issue 12): what the history page and the two detail forms read.
export {
  isClose,
  ORDER_STATUS_KEYS,
  SOURCE_KEYS,
  summarisePosition,
  type PositionSummary,
} from './lib/summary.ts';
export {
  fetchHistoryPageFx,
  findOrderFx,
  findPositionFx,
  LOOKUP_MAX_PAGES,
  LOOKUP_PAGE_SIZE,
} from './model/lookup.ts';
// The frame and card the two detail forms share; the history page, which shows neither, does not
// load them (the build drops a slice's unused ui, web/vite.config.ts).
export { HistoryCard, HistoryDetail, type HistoryLine } from './ui/history-detail.tsx';
