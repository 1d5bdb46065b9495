// The frame and card the two detail forms of the contract history share: an entry of its own,
// so that the history page, which shows neither, does not load them.
export { HistoryCard, HistoryDetail, type HistoryLine } from './history-detail.tsx';
