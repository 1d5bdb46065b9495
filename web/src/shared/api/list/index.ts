// Its own entry, not part of `#shared/api`: the app's entry imports the API, and only the
// screens with a paged list need this.
export {
  createPagedList,
  type PagedList,
  type PagedListConfig,
  type PagedListView,
  type PageReply,
  type PageRequest,
} from './paged-list.ts';
