// Its own entry, not part of `#shared/ui`: only the screens with a paged list need this (and
// with it antd-mobile's pull to refresh and infinite scroll).
export { PagedListView, RecordCard, type PagedListTexts } from './paged-list-view.tsx';
